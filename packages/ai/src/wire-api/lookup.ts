import { builtInWireApis } from "../providers/built-in-wire-apis.js";
import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import type { WireApi, WireApiProvider } from "./wire-api.js";

/**
 * The wire API modules a lookup sees: the built-ins in their order (each replaced by a
 * module registered for the same API), then the other modules registered in `registry`.
 * Built-ins are always seen, registered or not, so that model definitions and key
 * lookups work before `registerBuiltInProviders()`.
 */
export function knownWireApis(registry: ProviderRegistry = defaultRegistry): WireApi[] {
	const registered = new Map(registry.wireApis().map((module) => [module.api, module]));
	const builtIns = builtInWireApis().map((module) => registered.get(module.api) ?? module);
	const builtInApis = new Set<string>(builtInWireApis().map((module) => module.api));
	return [...builtIns, ...[...registered.values()].filter((module) => !builtInApis.has(module.api))];
}

/** A provider entry and the wire API module that declares it. */
export interface FoundProvider {
	module: WireApi;
	entry: WireApiProvider;
}

/** The module that declares `provider` (the first one, in {@link knownWireApis} order). */
export function findProviderEntry(
	provider: string,
	registry: ProviderRegistry = defaultRegistry,
): FoundProvider | undefined {
	for (const module of knownWireApis(registry)) {
		const entry =
			module.providers && Object.hasOwn(module.providers, provider) ? module.providers[provider] : undefined;
		if (entry) return { module, entry };
	}
	return undefined;
}

/** Every provider the known modules declare, module by module in declaration order. */
export function allProviderEntries(
	registry: ProviderRegistry = defaultRegistry,
): (FoundProvider & { provider: string })[] {
	const seen = new Set<string>();
	const found: (FoundProvider & { provider: string })[] = [];
	for (const module of knownWireApis(registry)) {
		for (const [provider, entry] of Object.entries(module.providers ?? {})) {
			if (seen.has(provider)) continue;
			seen.add(provider);
			found.push({ provider, module, entry });
		}
	}
	return found;
}

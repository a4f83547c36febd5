import type { ProviderRegistry } from "./registry.js";
import type { Provider } from "./types.js";
import { findProviderEntry } from "./wire-api/lookup.js";

/**
 * The environment variables a provider's key is read from, in order; empty when none is
 * known. Providers come from the built-in wire APIs and the modules registered in
 * `registry` (default: the default registry).
 */
export function apiKeyVariables(provider: Provider, registry?: ProviderRegistry): readonly string[] {
	const found = findProviderEntry(provider, registry);
	return found?.module.auth.kind === "key" ? (found.entry.apiKeyVariables ?? []) : [];
}

/** The key from the provider's usual environment variable, if set. */
export function getEnvApiKey(
	provider: Provider,
	env: NodeJS.ProcessEnv = process.env,
	registry?: ProviderRegistry,
): string | undefined {
	for (const name of apiKeyVariables(provider, registry)) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/**
 * Whether a request cannot succeed without a key: true for hosted providers whose wire API
 * authenticates with a key and that name their key variables; false for local servers,
 * for APIs with credential chains or no authentication, and for providers an app defined
 * without a module (their server decides).
 */
export function requiresApiKey(provider: Provider, registry?: ProviderRegistry): boolean {
	const found = findProviderEntry(provider, registry);
	return (
		found !== undefined &&
		found.module.auth.kind === "key" &&
		found.entry.local !== true &&
		(found.entry.apiKeyVariables?.length ?? 0) > 0
	);
}

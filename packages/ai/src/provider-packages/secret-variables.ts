import type { ProviderRegistry } from "../registry.js";
import { knownWireApis } from "../wire-api/lookup.js";
import type { WireApi } from "../wire-api/wire-api.js";

/**
 * The environment variables wire API modules read secrets from: every `apiKeyVariables`
 * of their providers (`key` auth) and the `secretVariables` of a `credentials` chain.
 * Hosts that run commands for an agent keep these out of the commands' environment and
 * redact their values. `modules` defaults to every module `registry` knows (the built-ins
 * and the registered ones). Sorted, without duplicates.
 */
export function knownSecretVariables(
	registry?: ProviderRegistry,
	modules: readonly WireApi[] = knownWireApis(registry),
): string[] {
	const names = new Set<string>();
	for (const module of modules) {
		if (module.auth.kind === "credentials")
			for (const name of module.auth.secretVariables ?? []) names.add(name);
		for (const entry of Object.values(module.providers ?? {}) as { apiKeyVariables?: readonly string[] }[])
			for (const name of entry.apiKeyVariables ?? []) names.add(name);
	}
	return [...names].sort();
}

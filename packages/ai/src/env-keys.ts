import { findKeyRule, keyFromEnv } from "./provider-keys.js";
import type { ProviderRegistry } from "./registry.js";
import type { Provider } from "./types.js";
import { knownWireApis } from "./wire-api/lookup.js";

/**
 * The environment variables a provider's key is read from, in order; empty when none is
 * known. Providers come from the built-in wire APIs and the modules registered in
 * `registry` (default: the default registry).
 */
export function apiKeyVariables(provider: Provider, registry?: ProviderRegistry): readonly string[] {
	return findKeyRule(knownWireApis(registry), provider)?.variables ?? [];
}

/** The key from the provider's usual environment variable, if set. */
export function getEnvApiKey(
	provider: Provider,
	env: NodeJS.ProcessEnv = process.env,
	registry?: ProviderRegistry,
): string | undefined {
	return keyFromEnv(apiKeyVariables(provider, registry), env);
}

/**
 * Whether a request cannot succeed without a key: true for hosted providers whose wire API
 * authenticates with a key and that name their key variables; false for local servers,
 * for APIs with credential chains or no authentication, and for providers an app defined
 * without a module (their server decides).
 */
export function requiresApiKey(provider: Provider, registry?: ProviderRegistry): boolean {
	return findKeyRule(knownWireApis(registry), provider)?.required ?? false;
}

import { COMPATIBLE_SERVER } from "../providers/vendors/openai-completions.js";
import type { ProviderRegistry } from "../registry.js";
import type { Api, KnownProvider, ModelCompat, Provider } from "../types.js";
import { allProviderEntries, findProviderEntry } from "../wire-api/lookup.js";

/** What a provider's models share: where to send requests and how its server differs from the reference. */
export interface ProviderDefaults {
	/** A display name. */
	name: string;
	/** The wire API every model of the provider is called through. */
	api: Api;
	/** The API root, as `Model.baseUrl` takes it. */
	baseUrl: string;
	/** A server that runs on the user's machine: no key, no fixed model list, no price. */
	local: boolean;
	/** Compat flags every model of the provider needs. */
	compat?: ModelCompat;
	/** The model to use when only the provider is named, when the provider says. */
	defaultModel?: string;
}

/** {@link ProviderDefaults} plus the environment variables the provider's key is read from. */
export interface ProviderInfo extends ProviderDefaults {
	provider: Provider;
	apiKeyVariables: readonly string[];
}

/** Every provider the wire API modules declare: the built-ins in catalogue order, then registered ones. */
export function knownProviders(registry?: ProviderRegistry): Provider[] {
	return allProviderEntries(registry).map(({ provider }) => provider);
}

/** Whether a wire API module (built in, or registered) declares `provider`. */
export function isKnownProvider(provider: Provider, registry?: ProviderRegistry): provider is KnownProvider {
	return findProviderEntry(provider, registry) !== undefined;
}

/**
 * A fresh copy of a provider's defaults, from the wire API module that declares it (the
 * built-ins, or modules registered in `registry`); `undefined` for a provider no module
 * declares.
 */
export function getProviderDefaults(
	provider: Provider,
	registry?: ProviderRegistry,
): ProviderInfo | undefined {
	const found = findProviderEntry(provider, registry);
	if (!found) return undefined;
	const { module, entry } = found;
	const info: ProviderInfo = {
		name: entry.name,
		api: module.api,
		baseUrl: entry.baseUrl,
		local: entry.local === true,
		provider,
		apiKeyVariables: module.auth.kind === "key" ? [...(entry.apiKeyVariables ?? [])] : [],
	};
	if (entry.defaultModel) info.defaultModel = entry.defaultModel;
	if (entry.compat) info.compat = { [module.api]: structuredClone(entry.compat) } as ModelCompat;
	return info;
}

/**
 * The compat flags a model of this provider on this API starts from: the provider's own
 * when the API is the provider's, OpenAI's defaults (none) for OpenAI itself, and the
 * common OpenAI-compatible-server flags for any other server on `openai-completions`.
 */
export function defaultCompat(
	provider: Provider,
	api: string,
	registry?: ProviderRegistry,
): ModelCompat | undefined {
	const defaults = getProviderDefaults(provider, registry);
	if (defaults?.api === api) return defaults.compat;
	if (api !== "openai-completions" || provider === "openai") return undefined;
	return { "openai-completions": { ...COMPATIBLE_SERVER } };
}

/** The known provider whose default base URL this is (trailing slashes ignored), if any. */
export function providerForBaseUrl(baseUrl: string, registry?: ProviderRegistry): Provider | undefined {
	const wanted = baseUrl.replace(/\/+$/, "");
	return allProviderEntries(registry).find(({ entry }) => entry.baseUrl.replace(/\/+$/, "") === wanted)
		?.provider;
}

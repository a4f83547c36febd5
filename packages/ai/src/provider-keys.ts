/**
 * What a key lookup reads of a wire API module: how the API authenticates and the
 * providers it declares. Every `WireApi` is one.
 */
export interface ProviderKeySource {
	readonly auth: { readonly kind: string };
	readonly providers?: Readonly<
		Record<string, { readonly apiKeyVariables?: readonly string[]; readonly local?: boolean }>
	>;
}

/** Where one provider's key comes from, by the module that declares the provider. */
export interface ProviderKeyRule {
	/** The environment variables the key is read from, in order; empty when none is known. */
	readonly variables: readonly string[];
	/** Whether a request cannot succeed without a key (a hosted provider of a `key` API). */
	readonly required: boolean;
}

/** The key rule of `provider` by the first of `sources` that declares it. */
export function findKeyRule(
	sources: Iterable<ProviderKeySource>,
	provider: string,
): ProviderKeyRule | undefined {
	for (const source of sources) {
		const entry =
			source.providers && Object.hasOwn(source.providers, provider) ? source.providers[provider] : undefined;
		if (!entry) continue;
		const variables = source.auth.kind === "key" ? (entry.apiKeyVariables ?? []) : [];
		return { variables, required: variables.length > 0 && entry.local !== true };
	}
	return undefined;
}

/** The first of `variables` set in `env`. */
export function keyFromEnv(variables: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
	for (const name of variables) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/**
 * The key a request of `provider` sends: `apiKey` when given, else the environment's by the
 * rule of the first source that declares the provider. `missing` is the sentence to fail
 * with when the provider needs a key and none was found.
 */
export function resolveApiKey(
	provider: string,
	apiKey: string | undefined,
	sources: Iterable<ProviderKeySource>,
	env: NodeJS.ProcessEnv = process.env,
): { apiKey: string | undefined; missing?: undefined } | { apiKey?: undefined; missing: string } {
	if (apiKey) return { apiKey };
	const rule = findKeyRule(sources, provider);
	const found = rule ? keyFromEnv(rule.variables, env) : undefined;
	if (found || !rule?.required) return { apiKey: found };
	return {
		missing: `No API key for provider "${provider}": set ${rule.variables.join(" or ")}, or pass apiKey in the options.`,
	};
}

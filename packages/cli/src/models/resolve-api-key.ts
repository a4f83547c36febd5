import { apiKeyVariables, getEnvApiKey, type LoadedModelsFile, modelsFileApiKey } from "@kestrel/ai";

/** Where a key came from; messages name it so the user knows what to fix. Never the key itself. */
export type KeySource =
	| { kind: "flag" }
	| { kind: "models-file"; path: string; provider: string; variable?: string }
	| { kind: "env"; variable: string }
	| { kind: "none" };

export interface ResolvedApiKey {
	apiKey?: string;
	source: KeySource;
}

/**
 * The key for `provider`: `--api-key`, else the provider's `apiKey` in `models.json` (a
 * literal, or `$NAME` for an environment variable), else the provider's usual variable.
 */
export function resolveApiKey(
	provider: string,
	flag: string | undefined,
	modelsFile: LoadedModelsFile,
	env: NodeJS.ProcessEnv,
): ResolvedApiKey {
	if (flag) return { apiKey: flag, source: { kind: "flag" } };
	const configured = modelsFileApiKey(modelsFile, provider, env);
	if (configured !== undefined) {
		const source: KeySource = {
			kind: "models-file",
			path: modelsFile.path,
			provider,
			...(configured.variable === undefined ? {} : { variable: configured.variable }),
		};
		return configured.apiKey === undefined ? { source } : { apiKey: configured.apiKey, source };
	}
	const apiKey = getEnvApiKey(provider, env);
	const variables = apiKeyVariables(provider);
	const found = variables.find((name) => env[name]);
	if (apiKey && found) return { apiKey, source: { kind: "env", variable: found } };
	const [variable] = variables;
	return variable ? { source: { kind: "env", variable } } : { source: { kind: "none" } };
}

/** What to tell the user to check when the key was refused or is missing. */
export function keyAdvice(source: KeySource): string {
	switch (source.kind) {
		case "flag":
			return "check the key given with --api-key";
		case "models-file":
			return source.variable
				? `check ${source.variable} (named by providers.${source.provider}.apiKey in ${source.path}) or pass --api-key`
				: `check providers.${source.provider}.apiKey in ${source.path} or pass --api-key`;
		case "env":
			return `check ${source.variable} or pass --api-key`;
		case "none":
			return "pass --api-key, or set the key in models.json";
	}
}

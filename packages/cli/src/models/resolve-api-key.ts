import { apiKeyVariables, getEnvApiKey } from "@kestrel/ai";
import type { LoadedModelsFile } from "./load-models-file.js";

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
	const configured = modelsFile.file.providers[provider]?.apiKey;
	if (configured !== undefined) {
		const source = { kind: "models-file", path: modelsFile.path, provider } as const;
		if (!configured.startsWith("$")) return { apiKey: configured, source };
		const variable = configured.slice(1);
		return { apiKey: env[variable] || undefined, source: { ...source, variable } };
	}
	const apiKey = getEnvApiKey(provider, env);
	const [variable] = apiKeyVariables(provider);
	const found = apiKeyVariables(provider).find((name) => env[name]);
	if (apiKey && found) return { apiKey, source: { kind: "env", variable: found } };
	return variable ? { source: { kind: "env", variable } } : { source: { kind: "none" } };
}

/** The variables `models.json` reads keys from (`"apiKey": "$NAME"`). */
export function modelsFileKeyVariableNames(modelsFile: LoadedModelsFile): string[] {
	const names: string[] = [];
	for (const provider of Object.values(modelsFile.file.providers)) {
		const { apiKey } = provider;
		if (apiKey?.startsWith("$") && apiKey.length > 1) names.push(apiKey.slice(1));
	}
	return names;
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

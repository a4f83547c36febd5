import { defineModel } from "../models/define-model.js";
import type { Model, ModelCompat } from "../types.js";
import type { LoadedModelsFile } from "./load-models-file.js";
import { ModelsFileError } from "./models-file-error.js";
import type { ModelsFileProvider } from "./models-file-schema.js";

/**
 * The models of a `models.json`, as `Model`s, provider by provider in file order. Header
 * values written `$NAME` are read from `env`; a header whose variable is unset is not sent.
 *
 * @throws ModelsFileError naming the entry when `defineModel` refuses a model (an output
 *   limit above the window, a base URL that is not http(s), …).
 */
export function modelsFileModels(loaded: LoadedModelsFile, env: NodeJS.ProcessEnv = process.env): Model[] {
	return Object.keys(loaded.file.providers).flatMap((provider) => providerModels(loaded, provider, env));
}

/** The models a `models.json` defines for `provider`; `[]` when it defines none. See {@link modelsFileModels}. */
export function providerModels(
	loaded: LoadedModelsFile,
	provider: string,
	env: NodeJS.ProcessEnv = process.env,
): Model[] {
	const entry = Object.hasOwn(loaded.file.providers, provider) ? loaded.file.providers[provider] : undefined;
	if (!entry) return [];
	const headers = resolveHeaders(entry, env);
	return entry.models.map((model, index) => {
		const compat = { ...entry.compat, ...model.compat };
		try {
			return defineModel({
				provider,
				id: model.id,
				api: entry.api,
				baseUrl: entry.baseUrl,
				...(model.name === undefined ? {} : { name: model.name }),
				...(model.contextWindow === undefined ? {} : { contextWindow: model.contextWindow }),
				...(model.maxTokens === undefined ? {} : { maxTokens: model.maxTokens }),
				...(model.reasoning === undefined ? {} : { reasoning: model.reasoning }),
				...(model.thinkingLevels === undefined ? {} : { thinkingLevels: model.thinkingLevels }),
				...(model.input === undefined ? {} : { input: model.input }),
				...(model.cost === undefined ? {} : { cost: model.cost }),
				...(headers === undefined ? {} : { headers }),
				...(Object.keys(compat).length > 0 ? { compat: { [entry.api]: compat } as ModelCompat } : {}),
			});
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			const where = `"providers.${provider}.models.${index}"`;
			throw new ModelsFileError(
				`Invalid model ${where} in ${loaded.path}: ${reason} Fix the entry.`,
				loaded.path,
				[`${where}: ${reason}`],
			);
		}
	});
}

/**
 * The key `models.json` gives `provider` (`apiKey`): the key itself, or for `$NAME` the
 * value of `NAME` in `env` (undefined when unset) and the variable's name. Undefined when
 * the file has no such provider or the provider no `apiKey`.
 */
export function modelsFileApiKey(
	loaded: LoadedModelsFile,
	provider: string,
	env: NodeJS.ProcessEnv = process.env,
): { apiKey: string | undefined; variable?: string } | undefined {
	const configured = Object.hasOwn(loaded.file.providers, provider)
		? loaded.file.providers[provider]?.apiKey
		: undefined;
	if (configured === undefined) return undefined;
	if (!configured.startsWith("$")) return { apiKey: configured };
	const variable = configured.slice(1);
	return { apiKey: env[variable] || undefined, variable };
}

/** The variables a `models.json` reads keys from (`"apiKey": "$NAME"`), in file order. */
export function modelsFileKeyVariables(loaded: LoadedModelsFile): string[] {
	const names: string[] = [];
	for (const { apiKey } of Object.values(loaded.file.providers))
		if (apiKey?.startsWith("$") && apiKey.length > 1) names.push(apiKey.slice(1));
	return names;
}

function resolveHeaders(
	entry: ModelsFileProvider,
	env: NodeJS.ProcessEnv,
): Record<string, string> | undefined {
	if (!entry.headers) return undefined;
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(entry.headers)) {
		const resolved = value.startsWith("$") ? env[value.slice(1)] : value;
		if (resolved) headers[name] = resolved;
	}
	return headers;
}

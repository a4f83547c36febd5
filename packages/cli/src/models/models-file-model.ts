import { defineModel, type Model, type ModelCompat } from "@kestrel/ai";
import { CliError } from "../cli-error.js";
import type { LoadedModelsFile } from "./load-models-file.js";
import type { ModelsFileCompat, ModelsFileProvider } from "./models-file-schema.js";

/** The models of `models.json`, as `Model`s, provider by provider in file order. */
export function modelsFileModels(loaded: LoadedModelsFile, env: NodeJS.ProcessEnv = process.env): Model[] {
	return Object.keys(loaded.file.providers).flatMap((provider) => providerModels(loaded, provider, env));
}

/**
 * The models `models.json` defines for `provider`; `[]` when it defines none. Header values
 * written `$NAME` are read from `env`; a header whose variable is unset is not sent.
 */
export function providerModels(
	loaded: LoadedModelsFile,
	provider: string,
	env: NodeJS.ProcessEnv = process.env,
): Model[] {
	const entry = loaded.file.providers[provider];
	if (!entry) return [];
	const where = (path: string) => `"providers.${provider}.${path}" in ${loaded.path}`;
	const providerCompat = checkedCompat(entry.api, entry.compat, () => where("compat"));
	const headers = resolveHeaders(entry, env);
	return entry.models.map((model, index) => {
		const compat = {
			...providerCompat,
			...checkedCompat(entry.api, model.compat, () => where(`models.${index}.compat`)),
		};
		try {
			return defineModel({
				provider,
				id: model.id,
				api: entry.api,
				baseUrl: entry.baseUrl,
				name: model.name,
				contextWindow: model.contextWindow,
				maxTokens: model.maxTokens,
				reasoning: model.reasoning,
				thinkingLevels: model.thinkingLevels,
				input: model.input,
				cost: model.cost,
				headers,
				compat: Object.keys(compat).length > 0 ? ({ [entry.api]: compat } as ModelCompat) : undefined,
			});
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new CliError(`Invalid model ${where(`models.${index}`)}: ${reason} Fix the entry.`);
		}
	});
}

type FileApi = ModelsFileProvider["api"];

/** The compat flags each API reads (`ModelCompat` of `@kestrel/ai`), and the `thinkingMode` values it takes. */
const COMPAT_FLAGS: Record<
	FileApi,
	{ flags: readonly (keyof ModelsFileCompat)[]; thinkingModes?: readonly string[] }
> = {
	"openai-completions": {
		flags: [
			"maxTokensField",
			"systemRole",
			"supportsUsageInStreaming",
			"supportsReasoningEffort",
			"supportsStore",
			"reasoningField",
			"toolCallIdFormat",
			"thinkTags",
		],
	},
	"anthropic-messages": { flags: ["thinkingMode"], thinkingModes: ["budget", "adaptive"] },
	"google-generative-ai": { flags: ["thinkingMode"], thinkingModes: ["budget", "level"] },
	"openai-responses": { flags: ["reasoningSummary"] },
};

/** `compat` when every flag in it applies to `api`; else a {@link CliError} naming the first that does not. */
function checkedCompat(
	api: FileApi,
	compat: ModelsFileCompat | undefined,
	where: () => string,
): ModelsFileCompat {
	if (!compat) return {};
	const { flags, thinkingModes } = COMPAT_FLAGS[api];
	for (const flag of Object.keys(compat) as (keyof ModelsFileCompat)[]) {
		if (!flags.includes(flag)) {
			throw new CliError(
				`${where()}: "${flag}" is not a flag of ${api}, whose flags are ${flags.join(", ")}. Remove it.`,
			);
		}
	}
	if (compat.thinkingMode !== undefined && !thinkingModes?.includes(compat.thinkingMode)) {
		throw new CliError(
			`${where()}: thinkingMode "${compat.thinkingMode}" is not one of ${api}'s: ${thinkingModes?.join(", ")}.`,
		);
	}
	return compat;
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

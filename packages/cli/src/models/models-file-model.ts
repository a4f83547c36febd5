import { defineModel, type Model } from "@kestrel/ai";
import { CliError } from "../cli-error.js";
import type { LoadedModelsFile } from "./load-models-file.js";

/** The models of `models.json`, as `Model`s, provider by provider in file order. */
export function modelsFileModels(loaded: LoadedModelsFile): Model[] {
	return Object.keys(loaded.file.providers).flatMap((provider) => providerModels(loaded, provider));
}

/** The models `models.json` defines for `provider`; `[]` when it defines none. */
export function providerModels(loaded: LoadedModelsFile, provider: string): Model[] {
	const entry = loaded.file.providers[provider];
	if (!entry) return [];
	return entry.models.map((model, index) => {
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
				input: model.input,
			});
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new CliError(
				`Invalid model "providers.${provider}.models.${index}" in ${loaded.path}: ${reason} Fix the entry.`,
			);
		}
	});
}

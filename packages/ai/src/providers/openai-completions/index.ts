import { runProviderStream } from "../../provider-run.js";
import { loadSdk } from "../../sdk-loader.js";
import type { ProviderImplementation } from "../../types.js";
import type { OpenAISdkExports } from "../openai-shared/client.js";
import type { OpenAISdk } from "../sdk-types.js";
import { BUILT_IN_KEY_SOURCES } from "../vendors/built-in-key-sources.js";
import { streamChatCompletions } from "./stream.js";

export type { OpenAISdk } from "../sdk-types.js";
export { type ResolvedCompat, resolveCompat } from "./compat.js";

export interface OpenAICompletionsProviderOptions {
	/** Imports the `openai` package; tests pass one that fails. Default `import("openai")`. */
	loadSdk?: () => Promise<OpenAISdk>;
}

/**
 * The `openai-completions` API: OpenAI's Chat Completions, spoken by OpenAI and by most
 * OpenAI-compatible servers (OpenRouter, Groq, DeepSeek, xAI, Mistral, Cerebras, Ollama,
 * llama.cpp, vLLM, LM Studio). Differences between servers are `model.compat` flags.
 */
export function createOpenAICompletionsProvider(
	options: OpenAICompletionsProviderOptions = {},
): ProviderImplementation<"openai-completions"> {
	const importer: () => Promise<OpenAISdk> = options.loadSdk ?? (() => import("openai"));
	return {
		api: "openai-completions",
		stream: (model, context, streamOptions) =>
			runProviderStream(
				model,
				streamOptions,
				async (run) => {
					// An app's loader is taken to return the SDK of the peer range.
					const sdk = (await loadSdk(importer, {
						packageName: "openai",
						api: "openai-completions",
						versionRange: "^7.60.0",
					})) as OpenAISdkExports;
					await streamChatCompletions(sdk, model, context, run);
				},
				{ keySources: BUILT_IN_KEY_SOURCES },
			),
	};
}

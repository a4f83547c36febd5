import type { ProviderImplementation } from "../../types.js";
import type { OpenAISdkExports } from "../openai-shared/client.js";
import { sdkProvider } from "../sdk-provider/sdk-provider.js";
import type { OpenAISdk } from "../sdk-types.js";
import { streamChatCompletions } from "./stream.js";

export type { OpenAISdk } from "../sdk-types.js";
export { type ResolvedCompat, resolveCompat } from "./compat.js";

const SDK = { packageName: "openai", api: "openai-completions", versionRange: "^7.60.0" };

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
	return sdkProvider<"openai-completions", OpenAISdkExports>(
		"openai-completions",
		SDK,
		importer,
		streamChatCompletions,
	);
}

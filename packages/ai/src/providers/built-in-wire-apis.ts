import { anthropicMessages } from "./anthropic-messages/wire-api.js";
import { googleGenerativeAI } from "./google-generative-ai/wire-api.js";
import { openAICompletions } from "./openai-completions/wire-api.js";
import { openAIResponses } from "./openai-responses/wire-api.js";

/** One of the wire API modules that ship with Kestrel. */
export type BuiltInWireApi =
	| typeof anthropicMessages
	| typeof openAIResponses
	| typeof googleGenerativeAI
	| typeof openAICompletions;

/**
 * The wire APIs that ship with Kestrel, in the order the catalogue lists their providers.
 * The `KnownApi`, `KnownProvider` and `ModelCompat` types are derived from these modules.
 * A function, not a constant: the modules import the provider kit, which looks providers
 * up here, so the list is read only after every module has loaded.
 */
export function builtInWireApis(): readonly BuiltInWireApi[] {
	return [anthropicMessages, openAIResponses, googleGenerativeAI, openAICompletions];
}

import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import { createAnthropicMessagesProvider } from "./anthropic-messages/index.js";
import { createGoogleGenerativeAIProvider } from "./google-generative-ai/index.js";
import { createOpenAICompletionsProvider } from "./openai-completions/index.js";
import { createOpenAIResponsesProvider } from "./openai-responses/index.js";

/** The `sourceId` of the built-in implementations, for `unregisterProviders`. */
export const BUILT_IN_SOURCE_ID = "@kestrel/ai:built-in";

/**
 * Registers every wire API that ships with Kestrel: `anthropic-messages`,
 * `openai-completions`, `openai-responses` and `google-generative-ai`. Their SDKs are
 * still loaded only when an API is first used. Call once at startup; calling again is
 * harmless.
 */
export function registerBuiltInProviders(registry: ProviderRegistry = defaultRegistry): void {
	registry.register(createAnthropicMessagesProvider(), BUILT_IN_SOURCE_ID);
	registry.register(createOpenAICompletionsProvider(), BUILT_IN_SOURCE_ID);
	registry.register(createOpenAIResponsesProvider(), BUILT_IN_SOURCE_ID);
	registry.register(createGoogleGenerativeAIProvider(), BUILT_IN_SOURCE_ID);
}

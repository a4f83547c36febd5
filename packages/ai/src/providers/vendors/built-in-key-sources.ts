import type { ProviderKeySource } from "../../provider-keys.js";
import { ANTHROPIC_MESSAGES_PROVIDERS } from "./anthropic-messages.js";
import { GOOGLE_GENERATIVE_AI_PROVIDERS } from "./google-generative-ai.js";
import { OPENAI_COMPLETIONS_PROVIDERS } from "./openai-completions.js";
import { OPENAI_RESPONSES_PROVIDERS } from "./openai-responses.js";

/**
 * The providers of every built-in wire API, in the order of `builtInWireApis()`, for
 * `runProviderStream`'s `keySources`: a built-in implementation called directly (not
 * through a registry) finds the key of any built-in provider, e.g. OpenAI's through
 * `openai-completions`.
 */
export const BUILT_IN_KEY_SOURCES: readonly ProviderKeySource[] = [
	{ auth: { kind: "key" }, providers: ANTHROPIC_MESSAGES_PROVIDERS },
	{ auth: { kind: "key" }, providers: OPENAI_RESPONSES_PROVIDERS },
	{ auth: { kind: "key" }, providers: GOOGLE_GENERATIVE_AI_PROVIDERS },
	{ auth: { kind: "key" }, providers: OPENAI_COMPLETIONS_PROVIDERS },
];

import {
	ANTHROPIC_TOOL_CALL_IDS,
	CHAT_COMPLETIONS_TOOL_CALL_IDS,
	GOOGLE_TOOL_CALL_IDS,
	MISTRAL_TOOL_CALL_IDS,
	OPENAI_RESPONSES_TOOL_CALL_IDS,
	type ToolCallIdRule,
} from "./tool-call-ids.js";

/**
 * What a target API accepts from a history that other models may have written. Each
 * provider passes its rules to `prepareReplay` before it converts the messages.
 *
 * Thinking the target cannot take back as its own signed thinking is dropped on every
 * target, never turned into answer text: models imitate reasoning they find in their
 * own earlier answers, Claude models may refuse a history with reasoning reproduced as
 * text (`reasoning_extraction`), and several APIs discard earlier turns' reasoning anyway.
 */
export interface ReplayRules {
	/** The tool-call ids the target accepts and how others are mapped. */
	toolCallIds: ToolCallIdRule;
	/**
	 * Whether the target refuses its own thinking when it has no signature (Anthropic:
	 * `thinking.signature` is required, and a stream cut before `signature_delta` leaves
	 * none). Such thinking is then dropped like foreign thinking. Targets that answer
	 * `false` get it as a thinking block and decide themselves: OpenAI Responses needs to
	 * see it to leave out the item ids of that turn, the others drop it.
	 */
	ownThinkingNeedsSignature: boolean;
}

/** Anthropic Messages. */
export const ANTHROPIC_MESSAGES_REPLAY: ReplayRules = {
	toolCallIds: ANTHROPIC_TOOL_CALL_IDS,
	ownThinkingNeedsSignature: true,
};

/** OpenAI Chat Completions and compatible servers; `mistral` for servers that demand Mistral's ids. */
export function openAICompletionsReplay(toolCallIdFormat: "default" | "mistral"): ReplayRules {
	return {
		toolCallIds: toolCallIdFormat === "mistral" ? MISTRAL_TOOL_CALL_IDS : CHAT_COMPLETIONS_TOOL_CALL_IDS,
		ownThinkingNeedsSignature: false,
	};
}

/**
 * OpenAI Responses. Own reasoning without encrypted content stays a thinking block: the
 * provider drops it, and with it the turn's item ids, which would need that reasoning.
 */
export const OPENAI_RESPONSES_REPLAY: ReplayRules = {
	toolCallIds: OPENAI_RESPONSES_TOOL_CALL_IDS,
	ownThinkingNeedsSignature: false,
};

/**
 * Google Generative AI (Gemini). Own thought parts without a signature stay thinking
 * blocks (the provider leaves them out: Gemini reads nothing from unsigned thoughts).
 */
export const GOOGLE_GENERATIVE_AI_REPLAY: ReplayRules = {
	toolCallIds: GOOGLE_TOOL_CALL_IDS,
	ownThinkingNeedsSignature: false,
};

import type {
	AssistantContent,
	AssistantMessage,
	Model,
	TextContent,
	ThinkingContent,
	ToolCall,
} from "../types.js";
import { removeLoneSurrogates, removeLoneSurrogatesDeep } from "./surrogates.js";
import type { ReplayRules } from "./target-rules.js";

/**
 * Whether `message` was written by the target model itself: the same API, provider and
 * model id. Only then is its signed material replayed. The model id matters even
 * between Claude models of one provider: Anthropic rejects a thinking signature made by
 * another model ("Invalid signature in thinking block"), and OpenAI pairs encrypted
 * reasoning with the model that made it. The provider matters because the same model
 * behind another provider (Bedrock, Vertex, a proxy) is not known to accept it.
 */
export function isOwnMessage(message: AssistantMessage, target: Model): boolean {
	return message.api === target.api && message.provider === target.provider && message.model === target.id;
}

/**
 * One assistant block as the target may receive it, or undefined to leave it out. Tool
 * call ids are not touched here (see `prepareReplay`).
 *
 * Signed material of the target's own model (signed thinking, redacted thinking, text
 * with a `textSignature`, a tool call with a `thoughtSignature`) is returned as the same
 * object: byte-for-byte, never sanitised. Thinking of another model is dropped (see
 * {@link ReplayRules}); everything else is ordinary content: foreign signatures are
 * stripped and unpaired surrogates removed.
 */
export function replayAssistantBlock(
	block: AssistantContent,
	own: boolean,
	rules: ReplayRules,
): AssistantContent | undefined {
	switch (block.type) {
		case "text":
			return replayText(block, own);
		case "thinking":
			return replayThinking(block, own, rules);
		case "toolCall":
			return replayToolCall(block, own);
	}
}

function replayText(block: TextContent, own: boolean): TextContent {
	if (own && block.textSignature !== undefined) return block;
	return { type: "text", text: removeLoneSurrogates(block.text) };
}

/** Only the target's own thinking goes back: signed as it is, unsigned where the target allows it. */
function replayThinking(
	block: ThinkingContent,
	own: boolean,
	rules: ReplayRules,
): ThinkingContent | undefined {
	if (!own) return undefined;
	if (block.thinkingSignature) return block;
	if (block.redacted || rules.ownThinkingNeedsSignature || !block.thinking.trim()) return undefined;
	return { type: "thinking", thinking: removeLoneSurrogates(block.thinking) };
}

/** A Gemini thought signature covers the call it sits on, arguments included. */
function replayToolCall(block: ToolCall, own: boolean): ToolCall {
	if (own && block.thoughtSignature !== undefined) return block;
	const { thoughtSignature: _signature, ...call } = block;
	return { ...call, arguments: removeLoneSurrogatesDeep(block.arguments) };
}

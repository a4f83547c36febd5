import type { AgentMessage } from "@kestrel/agent-core";
import type { Tool } from "@kestrel/ai";
import { branchSummaryText, compactionSummaryText, shellCommandText } from "../messages.js";
import type { MeasuredContext } from "./types.js";

/** What one image is counted as, whatever its size (providers bill images by pixels, not bytes). */
export const IMAGE_TOKENS = 1_200;

/** `ceil(characters / 4)`: the rough rule this package estimates text with. */
export function estimateTextTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/**
 * A local estimate of what one message costs in the model's context: `ceil(chars / 4)`
 * over its text, thinking, tool-call names and JSON arguments and tool-result text, plus
 * {@link IMAGE_TOKENS} per image. Summary and custom kinds count the text the model
 * reads; kinds the model never sees count 0. O(size of the message).
 */
export function estimateTokens(message: AgentMessage): number {
	switch (message.role) {
		case "user":
		case "custom":
			return contentTokens(message.content);
		case "toolResult":
			return contentTokens(message.content);
		case "assistant": {
			let chars = 0;
			for (const block of message.content) {
				if (block.type === "text") chars += block.text.length;
				else if (block.type === "thinking") chars += block.thinking.length;
				else chars += block.name.length + JSON.stringify(block.arguments).length;
			}
			return Math.ceil(chars / 4);
		}
		case "compactionSummary":
			return estimateTextTokens(compactionSummaryText(message.summary));
		case "branchSummary":
			return estimateTextTokens(branchSummaryText(message.summary));
		case "shell":
			return message.excludeFromContext ? 0 : estimateTextTokens(shellCommandText(message));
		default:
			return 0;
	}
}

/**
 * The estimate of a whole request: the messages, the system prompt, and each tool's
 * name, description and JSON schema.
 */
export function estimateContextTokens(context: MeasuredContext): number {
	const estimate = context.estimate ?? estimateTokens;
	let tokens = estimateFixedTokens(context.systemPrompt, context.tools);
	for (const message of context.messages) tokens += estimate(message);
	return tokens;
}

/**
 * {@link estimateTokens} remembered per message object. Messages are not changed once
 * they are final, so each is estimated once however often the context is measured.
 * `computed` counts the messages actually estimated.
 */
export function createTokenEstimator(): {
	estimate: (message: AgentMessage) => number;
	readonly computed: number;
} {
	const known = new WeakMap<AgentMessage, number>();
	let computed = 0;
	return {
		estimate: (message) => {
			let tokens = known.get(message);
			if (tokens === undefined) {
				tokens = estimateTokens(message);
				known.set(message, tokens);
				computed += 1;
			}
			return tokens;
		},
		get computed() {
			return computed;
		},
	};
}

/** The part of a request that is not messages: the system prompt and the tool definitions. */
export function estimateFixedTokens(systemPrompt?: string, tools?: readonly Tool[]): number {
	let chars = systemPrompt?.length ?? 0;
	for (const tool of tools ?? []) {
		chars += tool.name.length + tool.description.length + JSON.stringify(tool.parameters).length;
	}
	return Math.ceil(chars / 4);
}

function contentTokens(content: string | readonly { type: string; text?: string }[]): number {
	if (typeof content === "string") return estimateTextTokens(content);
	let chars = 0;
	let images = 0;
	for (const block of content) {
		if (block.type === "image") images += 1;
		else chars += block.text?.length ?? 0;
	}
	return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}

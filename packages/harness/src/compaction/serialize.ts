import type { AgentMessage } from "@kestrel/agent-core";
import { shellCommandText } from "../messages.js";

export interface SerializeOptions {
	/** Tool results (and tool-call arguments) longer than this are cut in the middle. */
	toolResultMaxChars: number;
}

/**
 * The summariser's view of a history: one block of role-labelled lines per message,
 * separated by blank lines. See {@link serializeMessage}.
 */
export function serializeMessages(messages: readonly AgentMessage[], options: SerializeOptions): string {
	return serializeMessageBlocks(messages, options).join("\n\n");
}

/** The non-empty blocks {@link serializeMessages} joins, one per message the model sees. */
export function serializeMessageBlocks(
	messages: readonly AgentMessage[],
	options: SerializeOptions,
): string[] {
	const parts: string[] = [];
	for (const message of messages) {
		const text = serializeMessage(message, options);
		if (text !== "") parts.push(text);
	}
	return parts;
}

/**
 * One message as plain text for the summariser. Thinking blocks are left out (they are
 * long, often signed, and the model's conclusions are in its text and calls); tool calls
 * read `name(arguments JSON)`; tool results and tool-call arguments longer than
 * `toolResultMaxChars` keep their head and tail around an omission marker; images read
 * `[image]`; summaries and custom messages give their text. Kinds the model never sees
 * give an empty string.
 */
export function serializeMessage(message: AgentMessage, options: SerializeOptions): string {
	const max = options.toolResultMaxChars;
	switch (message.role) {
		case "user":
			return `[User]: ${contentText(message.content)}`;
		case "assistant": {
			const label =
				message.stopReason === "error" || message.stopReason === "aborted"
					? "Assistant, failed"
					: "Assistant";
			const lines: string[] = [];
			for (const block of message.content) {
				if (block.type === "text") {
					if (block.text !== "") lines.push(`[${label}]: ${block.text}`);
				} else if (block.type === "toolCall") {
					lines.push(
						`[${label} tool call]: ${block.name}(${truncateMiddle(JSON.stringify(block.arguments), max)})`,
					);
				}
			}
			return lines.join("\n");
		}
		case "toolResult": {
			const label = message.isError ? "Tool error" : "Tool result";
			return `[${label} ${message.toolName}]: ${truncateMiddle(contentText(message.content), max)}`;
		}
		case "compactionSummary":
			return `[Summary of the earlier conversation]: ${message.summary}`;
		case "branchSummary":
			return `[Summary of an abandoned branch]: ${message.summary}`;
		case "custom":
			return `[Message ${message.customType}]: ${contentText(message.content)}`;
		case "shell":
			return message.excludeFromContext
				? ""
				: `[User ran a shell command]: ${truncateMiddle(shellCommandText(message), max)}`;
		default:
			return "";
	}
}

/**
 * Keeps the first and last `maxChars / 2` characters of `text` around a marker
 * `[… N characters omitted …]`; shorter text is returned as is. Never splits a surrogate pair.
 */
export function truncateMiddle(text: string, maxChars: number): string {
	if (text.length <= maxChars) return text;
	let headEnd = Math.ceil(maxChars / 2);
	let tailStart = text.length - Math.floor(maxChars / 2);
	if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
	if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
	const omitted = tailStart - headEnd;
	return `${text.slice(0, headEnd)}\n[… ${omitted} characters omitted …]\n${text.slice(tailStart)}`;
}

function contentText(content: string | readonly { type: string; text?: string }[]): string {
	if (typeof content === "string") return content;
	return content.map((block) => (block.type === "image" ? "[image]" : (block.text ?? ""))).join("\n");
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xdc00 && code <= 0xdfff;
}

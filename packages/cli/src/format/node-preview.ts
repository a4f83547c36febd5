import type { AgentMessage } from "@kestrel/agent-core";
import type { TreeEntry } from "@kestrel/harness";

/** Characters of an entry's text shown in its tree line. */
const PREVIEW_CHARS = 72;

/**
 * One plain-text line saying what an entry is: `user: Fix the tests`, `assistant: → edit`,
 * `model → …`. Not escaped: callers that write HTML escape it.
 */
export function nodePreview(entry: TreeEntry): string {
	switch (entry.type) {
		case "message":
			return messagePreview(entry.message);
		case "model_change":
			return `model → ${entry.provider}/${entry.modelId}`;
		case "thinking_level_change":
			return `thinking → ${entry.thinkingLevel}`;
		case "compaction":
			return `compaction: ${tokenCount(entry.tokensBefore)} → ${tokenCount(entry.tokensAfter)} tokens`;
		case "compaction_failed":
			return "compaction failed";
		case "branch_summary":
			return `branch summary: ${shorten(entry.summary)}`;
		case "custom":
			return `custom: ${entry.customType}`;
		case "custom_message":
			return `${entry.customType}: ${shorten(textOf(entry.content))}`;
		default:
			return String((entry as { type?: unknown }).type);
	}
}

function messagePreview(message: AgentMessage): string {
	switch (message.role) {
		case "user":
			return `user: ${shorten(textOf(message.content))}`;
		case "assistant": {
			const text = message.content.find((block) => block.type === "text")?.text;
			const calls = message.content.flatMap((block) => (block.type === "toolCall" ? [block.name] : []));
			if (message.stopReason === "error" || message.stopReason === "aborted")
				return `assistant: ${message.stopReason}`;
			if (text?.trim()) return `assistant: ${shorten(text)}`;
			return calls.length > 0 ? `assistant: → ${calls.join(", ")}` : "assistant";
		}
		case "toolResult":
			return `${message.isError ? "✗" : "✓"} ${message.toolName}`;
		case "compactionSummary":
			return "compaction summary";
		case "branchSummary":
			return `branch summary: ${shorten(message.summary)}`;
		case "custom":
			return `${message.customType}: ${shorten(textOf(message.content))}`;
		case "shell":
			return `$ ${shorten(message.command)}${message.exitCode === 0 || message.exitCode === null ? "" : ` (exit ${message.exitCode})`}`;
		default:
			return String((message as { role?: unknown }).role);
	}
}

/** Content as one line of text; a non-text block (an image) shows as `[image]`. */
function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: { type?: unknown; text?: unknown }) =>
			block?.type === "text" && typeof block.text === "string" ? block.text : "[image]",
		)
		.join(" ");
}

/** Whitespace collapsed to single spaces, cut to {@link PREVIEW_CHARS} with an ellipsis. */
function shorten(text: string, max = PREVIEW_CHARS): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `12,345`: the same rendering as the HTML export's token counts. */
function tokenCount(tokens: number): string {
	return Math.round(tokens).toLocaleString("en-US");
}

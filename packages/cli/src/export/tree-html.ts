import type { AgentMessage } from "@kestrel/agent-core";
import type { TreeEntry } from "@kestrel/harness";
import { escapeHtml } from "./escape-html.js";
import type { TreeRow } from "./tree-rows.js";
import { formatTokens } from "./usage-totals.js";

/** Characters of an entry's text shown in its tree line. */
const PREVIEW_CHARS = 72;

/**
 * The tree as a list of buttons, one per entry, indented at forks; the current leaf and
 * its path are marked, labels shown. The script shows an entry's branch on click.
 */
export function treeHtml(rows: readonly TreeRow[]): string {
	const items = rows.map((row) => {
		const classes = ["node", `node-${nodeKind(row.entry)}`];
		if (row.onCurrentPath) classes.push("on-path");
		if (row.isCurrentLeaf) classes.push("current", "selected");
		if (row.isTip) classes.push("tip");
		const label = row.label ? `<span class="label">${escapeHtml(row.label)}</span>` : "";
		const current = row.isCurrentLeaf ? `<span class="current-mark">current</span>` : "";
		const id = escapeHtml(row.entry.id);
		return (
			`<li><button type="button" class="${classes.join(" ")}" data-id="${id}" style="padding-left:${0.4 + row.depth}em">` +
			`<span class="preview">${escapeHtml(nodePreview(row.entry))}</span>${label}${current}</button></li>`
		);
	});
	return `<ol class="tree">${items.join("")}</ol>`;
}

/** One line saying what an entry is: `user: Fix the tests`, `assistant: → edit`, `model → …`. */
export function nodePreview(entry: TreeEntry): string {
	switch (entry.type) {
		case "message":
			return messagePreview(entry.message);
		case "model_change":
			return `model → ${entry.provider}/${entry.modelId}`;
		case "thinking_level_change":
			return `thinking → ${entry.thinkingLevel}`;
		case "compaction":
			return `compaction: ${formatTokens(entry.tokensBefore)} → ${formatTokens(entry.tokensAfter)} tokens`;
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
		default:
			return String((message as { role?: unknown }).role);
	}
}

function nodeKind(entry: TreeEntry): string {
	if (entry.type !== "message") return "note";
	const role = (entry.message as { role?: unknown }).role;
	return role === "user" || role === "assistant" || role === "toolResult" ? role : "note";
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: { type?: unknown; text?: unknown }) =>
			block?.type === "text" && typeof block.text === "string" ? block.text : "[image]",
		)
		.join(" ");
}

function shorten(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}

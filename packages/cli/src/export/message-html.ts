import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantMessage } from "@kestrel/ai";
import type { DisplayLookup } from "../format/tool-views.js";
import { describeFailure } from "../modes/format-run-error.js";
import { boundedTextHtml } from "./bounded-text-html.js";
import { contentHtml } from "./content-html.js";
import { escapeHtml } from "./escape-html.js";
import { renderMarkdown } from "./render-markdown.js";
import { shellView } from "./shell-html.js";
import type { ToolCallIndex } from "./tool-call-index.js";
import { toolResultView, unansweredCallHtml } from "./tool-html.js";
import { formatCost, formatTokens } from "./usage-totals.js";

/** Lines of a value's JSON shown before the rest is folded away. */
const JSON_LINES = 30;

/** What an entry looks like: a CSS modifier, a heading, facts beside it, and a body (all HTML). */
export interface EntryView {
	/** CSS modifiers of the `<article>`: `user`, `assistant`, `tool tool-error`, `shell`, … */
	kind: string;
	/** HTML, escaped. */
	heading: string;
	/** HTML shown at the right of the heading (usage, exit status); may be empty. */
	facts?: string;
	/** HTML; an empty body is not shown. */
	body: string;
}

/** What a message needs to know about the rest of the session. */
export interface MessageContext {
	/** The entry the message is in. */
	entryId: string;
	/** How each tool wants its calls shown; unknown tools get the generic form. */
	displays: DisplayLookup | undefined;
	/** Which call each tool result answers. */
	calls: ToolCallIndex;
}

/** A message of any kind as an entry view; unknown kinds show their JSON. */
export function messageView(message: AgentMessage, context: MessageContext): EntryView {
	switch (message.role) {
		case "user":
			return { kind: "user", heading: "User", body: contentHtml(message.content, markdownHtml) };
		case "assistant":
			return {
				kind: message.stopReason === "error" ? "assistant assistant-error" : "assistant",
				heading: escapeHtml(`Assistant · ${message.provider}/${message.model}`),
				facts: usageHtml(message),
				body: assistantHtml(message, context),
			};
		case "toolResult": {
			const call = context.calls.callOf(context.entryId);
			const view = toolResultView(message, call, context.displays?.(message.toolName));
			return { kind: message.isError ? "tool tool-error" : "tool", ...view };
		}
		case "shell": {
			const { failed, ...view } = shellView(message);
			return { kind: failed ? "shell shell-failed" : "shell", ...view };
		}
		case "compactionSummary":
			return {
				kind: "summary",
				heading: escapeHtml(`Compaction summary (${formatTokens(message.tokensBefore)} tokens before)`),
				body: markdownHtml(message.summary),
			};
		case "branchSummary":
			return { kind: "summary", heading: "Branch summary", body: markdownHtml(message.summary) };
		case "custom":
			return {
				kind: "custom",
				heading: escapeHtml(`Custom message: ${message.customType}`),
				body: contentHtml(message.content, plainTextHtml),
			};
		default:
			return {
				kind: "custom",
				heading: escapeHtml(`Message: ${String((message as { role?: unknown }).role)}`),
				body: jsonHtml(message),
			};
	}
}

/** Text shown as written (line breaks kept), never interpreted. */
export function plainTextHtml(text: string): string {
	return `<div class="plain">${escapeHtml(text)}</div>`;
}

/** Markdown as HTML, raw HTML in it kept as text ({@link renderMarkdown}). */
export function markdownHtml(text: string): string {
	return `<div class="markdown">${renderMarkdown(text)}</div>`;
}

/** A value as indented JSON, bounded. */
export function jsonHtml(value: unknown): string {
	return boundedTextHtml(
		JSON.stringify(value, null, 2) ?? "undefined",
		{ maxLines: JSON_LINES, keep: "head" },
		"json",
	);
}

/**
 * Text, thinking folded, and the tool calls that have no result entry (a call with a
 * result is shown with it, as one row); stops on errors and the output limit in red.
 */
function assistantHtml(message: AssistantMessage, context: MessageContext): string {
	const parts: string[] = [];
	for (const block of message.content) {
		if (block.type === "text") parts.push(markdownHtml(block.text));
		else if (block.type === "thinking") {
			const body = block.redacted ? "<em>redacted by the provider</em>" : escapeHtml(block.thinking);
			parts.push(
				`<details class="thinking"><summary>Thinking</summary><div class="plain">${body}</div></details>`,
			);
		} else if (block.type === "toolCall" && !context.calls.isAnswered(context.entryId, block.id)) {
			parts.push(unansweredCallHtml(block, context.displays?.(block.name)));
		}
	}
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		const what = message.stopReason === "aborted" ? "Aborted" : "Error";
		// The heading names the provider; the status and code come from the error's data.
		const details =
			message.stopReason === "error"
				? describeFailure({ message: message.errorMessage ?? "no details", error: message.error })
				: (message.errorMessage ?? "no details");
		parts.push(`<div class="error">${what}: ${escapeHtml(details)}</div>`);
	} else if (message.stopReason === "length") {
		parts.push(`<div class="error">Stopped at the output limit.</div>`);
	}
	return parts.join("");
}

function usageHtml(message: AssistantMessage): string {
	const usage = message.usage;
	if (!usage) return "";
	const facts = [`in ${formatTokens(usage.input ?? 0)}`, `out ${formatTokens(usage.output ?? 0)}`];
	if (usage.cacheRead) facts.push(`cache read ${formatTokens(usage.cacheRead)}`);
	if (usage.cacheWrite) facts.push(`cache write ${formatTokens(usage.cacheWrite)}`);
	facts.push(formatCost(usage.cost?.total ?? 0));
	return `<span class="usage">${facts.join(" · ")}</span>`;
}

import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantMessage, ToolCall } from "@kestrel/ai";
import type { DisplayLookup } from "../format/tool-views.js";
import { describeFailure } from "../modes/format-run-error.js";
import { boundedTextHtml } from "./bounded-text-html.js";
import { contentHtml } from "./content-html.js";
import { escapeHtml } from "./escape-html.js";
import { renderMarkdown } from "./render-markdown.js";
import { toolResultHtml } from "./tool-result-html.js";
import { formatCost, formatTokens } from "./usage-totals.js";

/** Lines of tool-call arguments shown before the rest is folded away (a `write` carries a whole file). */
const ARGUMENT_LINES = 30;

/** What an entry's message looks like: a role heading and its body. */
export interface MessageView {
	/** CSS modifier and the heading: `user`, `assistant`, `tool`, … */
	kind: string;
	heading: string;
	body: string;
}

/** A message of any kind as a heading and an HTML body; unknown kinds show their JSON. */
/** `displays` tells how each tool wants its results shown; unknown tools get the generic form. */
export function messageView(message: AgentMessage, displays?: DisplayLookup): MessageView {
	switch (message.role) {
		case "user":
			return { kind: "user", heading: "User", body: contentHtml(message.content, plainTextHtml) };
		case "assistant":
			return { kind: "assistant", heading: assistantHeading(message), body: assistantHtml(message) };
		case "toolResult":
			return {
				kind: message.isError ? "tool tool-error" : "tool",
				heading: `Result of ${message.toolName}${message.isError ? " (error)" : ""}`,
				body: toolResultHtml(message, displays?.(message.toolName)),
			};
		case "compactionSummary":
			return {
				kind: "summary",
				heading: `Compaction summary (${formatTokens(message.tokensBefore)} tokens before)`,
				body: renderMarkdown(message.summary),
			};
		case "branchSummary":
			return { kind: "summary", heading: "Branch summary", body: renderMarkdown(message.summary) };
		case "custom":
			return {
				kind: "custom",
				heading: `Custom message: ${message.customType}`,
				body: contentHtml(message.content, plainTextHtml),
			};
		default:
			return {
				kind: "custom",
				heading: `Message: ${String((message as { role?: unknown }).role)}`,
				body: jsonHtml(message),
			};
	}
}

/** Text shown as written (line breaks kept), never interpreted. */
export function plainTextHtml(text: string): string {
	return `<div class="plain">${escapeHtml(text)}</div>`;
}

/** A value as indented JSON, bounded. */
export function jsonHtml(value: unknown): string {
	return boundedTextHtml(
		JSON.stringify(value, null, 2) ?? "undefined",
		{ maxLines: ARGUMENT_LINES, keep: "head" },
		"json",
	);
}

function assistantHeading(message: AssistantMessage): string {
	return `Assistant · ${message.provider}/${message.model}`;
}

function assistantHtml(message: AssistantMessage): string {
	const parts: string[] = [];
	for (const block of message.content) {
		if (block.type === "text") parts.push(`<div class="markdown">${renderMarkdown(block.text)}</div>`);
		else if (block.type === "thinking") {
			const body = block.redacted ? "<em>redacted by the provider</em>" : escapeHtml(block.thinking);
			parts.push(
				`<details class="thinking"><summary>Thinking</summary><div class="plain">${body}</div></details>`,
			);
		} else if (block.type === "toolCall") parts.push(toolCallHtml(block));
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
	parts.push(usageHtml(message));
	return parts.join("");
}

function toolCallHtml(call: ToolCall): string {
	const problem = call.argumentsError
		? `<div class="error">Arguments did not parse: ${escapeHtml(call.argumentsError.message)}</div>${boundedTextHtml(call.argumentsError.raw, { maxLines: ARGUMENT_LINES, keep: "head" }, "json")}`
		: jsonHtml(call.arguments);
	return `<div class="tool-call"><div class="tool-name">→ ${escapeHtml(call.name)}</div>${problem}</div>`;
}

function usageHtml(message: AssistantMessage): string {
	const usage = message.usage;
	if (!usage) return "";
	const facts = [`in ${formatTokens(usage.input ?? 0)}`, `out ${formatTokens(usage.output ?? 0)}`];
	if (usage.cacheRead) facts.push(`cache read ${formatTokens(usage.cacheRead)}`);
	if (usage.cacheWrite) facts.push(`cache write ${formatTokens(usage.cacheWrite)}`);
	facts.push(formatCost(usage.cost?.total ?? 0));
	return `<div class="usage">${facts.join(" · ")}</div>`;
}

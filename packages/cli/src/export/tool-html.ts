import type { ToolDisplay } from "@kestrel/agent-core";
import type { ToolCall, ToolResultMessage } from "@kestrel/ai";
import { callSummary, resultFacts, resultView } from "../format/tool-views.js";
import { boundedTextHtml } from "./bounded-text-html.js";
import { contentHtml } from "./content-html.js";
import { diffHtml } from "./diff-html.js";
import { escapeHtml } from "./escape-html.js";

/** Lines of tool output shown before the rest is folded away. */
const OUTPUT_LINES = 40;
/** Lines of call arguments shown (when unfolded) before the rest is folded again (a `write` carries a whole file). */
const ARGUMENT_LINES = 30;

/** How a tool result entry is shown: its call as a one-line heading, facts beside it, the result below. */
export interface ToolResultView {
	/** HTML: the tool's name and its summary of the call (`$ npm test`, `src/app.ts`). */
	heading: string;
	/** HTML: exit status, duration, saved output; empty when the tool declares none. */
	facts: string;
	/** HTML: the diff or output, then the call's arguments folded. */
	body: string;
}

/**
 * A tool result as its tool declares it (`display`; the generic form for tools this
 * process does not know), headed by the call it answers: the tool's summary of the call,
 * its facts, a diff when the view is one (the arguments are not repeated), else its text
 * bounded at the end the view keeps; the arguments folded in a `<details>`.
 */
export function toolResultView(
	message: ToolResultMessage,
	call: ToolCall | undefined,
	display: ToolDisplay | undefined,
): ToolResultView {
	const result = { content: message.content, details: message.details, isError: message.isError };
	const facts = resultFacts(display, result);
	const parts: string[] = [];
	const view = resultView(display, result);
	if (view.kind === "diff") parts.push(diffHtml(view.diff));
	// A diff says what changed; the text beside it only says that it succeeded.
	if (view.kind !== "diff" || message.isError) {
		const keep = view.kind === "text" ? (view.keep ?? "head") : "head";
		const className = message.isError ? "tool-output error-output" : "tool-output";
		parts.push(
			contentHtml(message.content, (text) =>
				boundedTextHtml(text, { maxLines: OUTPUT_LINES, keep }, className),
			),
		);
	}
	if (call) parts.push(argumentsHtml(call));
	const badge = message.isError ? ` <span class="badge badge-error">error</span>` : "";
	return {
		heading: `${callRowHtml(message.toolName, call ? summaryOf(call, display) : "")}${badge}`,
		facts: facts.length === 0 ? "" : `<span class="tool-facts">${facts.map(escapeHtml).join(" · ")}</span>`,
		body: parts.join(""),
	};
}

/**
 * A call that has no result entry (the run stopped before it ran, or the result is on no
 * stored branch): its row, its arguments folded, and a note that it has no result.
 */
export function unansweredCallHtml(call: ToolCall, display: ToolDisplay | undefined): string {
	return (
		`<div class="tool-call">${callRowHtml(call.name, summaryOf(call, display))}` +
		` <span class="muted">no result</span>${argumentsHtml(call)}</div>`
	);
}

/** The tool's name and one line of what the call does. */
function callRowHtml(toolName: string, summary: string): string {
	const name = `<span class="tool-name">${escapeHtml(toolName)}</span>`;
	return summary === "" ? name : `${name} <code class="tool-summary">${escapeHtml(summary)}</code>`;
}

function summaryOf(call: ToolCall, display: ToolDisplay | undefined): string {
	if (call.argumentsError) return "arguments did not parse";
	return callSummary(display, call.arguments);
}

/** The call's arguments as JSON, folded; arguments that did not parse show why and their raw text. */
function argumentsHtml(call: ToolCall): string {
	const bound = { maxLines: ARGUMENT_LINES, keep: "head" } as const;
	const body = call.argumentsError
		? `<div class="error">Arguments did not parse: ${escapeHtml(call.argumentsError.message)}</div>${boundedTextHtml(call.argumentsError.raw, bound, "json")}`
		: boundedTextHtml(JSON.stringify(call.arguments, null, 2) ?? "undefined", bound, "json");
	return `<details class="tool-args"${call.argumentsError ? " open" : ""}><summary>Arguments</summary>${body}</details>`;
}

import type { ToolDisplay } from "@kestrel/agent-core";
import type { ToolResultMessage } from "@kestrel/ai";
import { resultFacts, resultView } from "../format/tool-views.js";
import { boundedTextHtml } from "./bounded-text-html.js";
import { contentHtml } from "./content-html.js";
import { diffHtml } from "./diff-html.js";
import { escapeHtml } from "./escape-html.js";

/** Lines of tool output shown before the rest is folded away. */
const OUTPUT_LINES = 40;

/**
 * A tool result as its tool declares it should be shown (`display`; the generic form
 * for tools this process does not know): its facts (a command's exit status, duration,
 * saved output), a diff when the view is one, else its text bounded at the end the view
 * keeps, and its images.
 */
export function toolResultHtml(message: ToolResultMessage, display?: ToolDisplay): string {
	const parts: string[] = [];
	const result = { content: message.content, details: message.details, isError: message.isError };
	const facts = resultFacts(display, result);
	if (facts.length > 0) parts.push(`<div class="tool-facts">${facts.map(escapeHtml).join(" · ")}</div>`);
	const view = resultView(display, result);
	if (view.kind === "diff") parts.push(diffHtml(view.diff));
	// A diff says what changed; the text beside it only says that it succeeded.
	if (view.kind !== "diff" || message.isError) {
		const keep = view.kind === "text" ? (view.keep ?? "head") : "head";
		parts.push(
			contentHtml(message.content, (text) =>
				boundedTextHtml(text, { maxLines: OUTPUT_LINES, keep }, "tool-output"),
			),
		);
	}
	return parts.join("");
}

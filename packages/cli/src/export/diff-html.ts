import { boundedTextHtml } from "./bounded-text-html.js";
import { escapeHtml } from "./escape-html.js";

/** Diff lines shown before the rest is folded away. */
const DIFF_LINES = 400;

/** A unified diff, one block element per line, with added, removed and hunk-header lines marked for colouring. */
export function diffHtml(diff: string): string {
	return boundedTextHtml(diff, { maxLines: DIFF_LINES, keep: "head" }, "diff", diffLineHtml);
}

function diffLineHtml(line: string): string {
	const text = escapeHtml(line);
	if (line.startsWith("+++") || line.startsWith("---")) return `<span class="diff-file">${text}</span>`;
	if (line.startsWith("+")) return `<span class="diff-add">${text}</span>`;
	if (line.startsWith("-")) return `<span class="diff-del">${text}</span>`;
	if (line.startsWith("@@")) return `<span class="diff-hunk">${text}</span>`;
	return `<span class="diff-context">${text}</span>`;
}

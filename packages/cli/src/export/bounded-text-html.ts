import { escapeHtml } from "./escape-html.js";

/** How much of a long text is shown before the rest is folded away. */
export interface TextBound {
	/** Lines shown. */
	maxLines: number;
	/** `head` shows the first lines (file contents), `tail` the last (command output). */
	keep: "head" | "tail";
}

/**
 * A `<pre>` of at most `maxLines` lines of `text`, with a note of how many were left out
 * and the complete text folded in a `<details>` below; `renderLine` marks up one
 * (unescaped) line.
 */
export function boundedTextHtml(
	text: string,
	bound: TextBound,
	className: string,
	renderLine: (line: string) => string = escapeHtml,
): string {
	const lines = text.replace(/\n$/, "").split("\n");
	const block = (shown: string[]) => `<pre class="${className}">${shown.map(renderLine).join("\n")}</pre>`;
	if (lines.length <= bound.maxLines) return block(lines);
	const omitted = lines.length - bound.maxLines;
	const shown = bound.keep === "head" ? lines.slice(0, bound.maxLines) : lines.slice(-bound.maxLines);
	const note = `<div class="omitted">${omitted} ${bound.keep === "head" ? "more" : "earlier"} line${omitted === 1 ? "" : "s"} not shown</div>`;
	const parts = bound.keep === "head" ? [block(shown), note] : [note, block(shown)];
	return `${parts.join("")}<details class="full-text"><summary>Show all ${lines.length} lines</summary>${block(lines)}</details>`;
}

import { Marked, type MarkedExtension } from "marked";
import { markedTerminal } from "marked-terminal";

/** Renders markdown text to terminal text (ANSI styles, wrapped to `width`). */
export type MarkdownRenderer = (text: string) => string;

/**
 * A markdown renderer for the terminal built on marked + marked-terminal. A private
 * `Marked` instance, so nothing global is configured.
 */
export function createMarkdownRenderer(width: number): MarkdownRenderer {
	// @types/marked-terminal types the extension as a renderer class; at runtime it is a marked extension.
	const terminal = markedTerminal({ width, reflowText: true, tab: 2 }) as unknown as MarkedExtension;
	const marked = new Marked(terminal, currentMarkedTokens(terminal));
	return (text) => {
		if (text.trim() === "") return "";
		try {
			return (marked.parse(text, { async: false }) as string).replace(/\n+$/, "");
		} catch {
			// Half-streamed markdown can trip the renderer; the raw text is still readable.
			return text;
		}
	};
}

/**
 * marked-terminal 7 was written against older marked tokens; this adapts it to marked 18's.
 * A tight list item's text is a block `text` token holding inline tokens (marked-terminal
 * would print their source: `**bold**`); a task item's box is a `checkbox` token of its own
 * (marked-terminal would add a second box because the item says `task`); and a block of
 * HTML no longer carries the blank lines after it (the next block would start on its line).
 */
function currentMarkedTokens(terminal: MarkedExtension): MarkedExtension {
	const terminalHtml = terminal.renderer?.html;
	return {
		walkTokens(token) {
			// The checkbox token draws the box.
			if (token.type === "list_item") token.task = false;
		},
		renderer: {
			text(token) {
				// `false` hands tokens without inline content to marked-terminal.
				return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : false;
			},
			html(token) {
				if (!terminalHtml || !token.block || token.text.endsWith("\n")) return false;
				const rendered = terminalHtml.call(this, token);
				return rendered === false ? false : `${rendered}\n\n`;
			},
		},
	};
}

import { stripVTControlCharacters } from "node:util";
import { Marked, type MarkedExtension, type Tokens } from "marked";
import { markedTerminal } from "marked-terminal";

/** Renders markdown text to terminal text (ANSI styles, wrapped to `width`). */
export type MarkdownRenderer = (text: string) => string;

/** Bullets by nesting depth (the last one repeats deeper down). */
const BULLETS = ["•", "◦", "▪"] as const;

/** Spaces before a top-level list. */
const LIST_INDENT = "  ";

/**
 * A markdown renderer for the terminal built on marked + marked-terminal. A private
 * `Marked` instance, so nothing global is configured.
 */
export function createMarkdownRenderer(width: number): MarkdownRenderer {
	// @types/marked-terminal types the extension as a renderer class; at runtime it is a marked extension.
	const terminal = markedTerminal({ width, reflowText: true, tab: 2 }) as unknown as MarkedExtension;
	const marked = new Marked(terminal, currentMarkedTokens(terminal), listsFromTokens());
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
 * would print their source: `**bold**`), and a block of HTML no longer carries the blank
 * lines after it (the next block would start on its line).
 */
function currentMarkedTokens(terminal: MarkedExtension): MarkedExtension {
	const terminalHtml = terminal.renderer?.html;
	return {
		renderer: {
			text(token) {
				// A block `text` (a tight list item's) has inline tokens and ends a line, so a block
				// after it (code, a nested list) starts on a line of its own. `false` hands inline
				// text to marked-terminal.
				return "tokens" in token && token.tokens ? `${this.parser.parseInline(token.tokens)}\n` : false;
			},
			html(token) {
				if (!terminalHtml || !token.block || token.text.endsWith("\n")) return false;
				const rendered = terminalHtml.call(this, token);
				return rendered === false ? false : `${rendered}\n\n`;
			},
		},
	};
}

/**
 * Lists drawn from their tokens rather than by marked-terminal, which rebuilds them from
 * rendered strings (its bullet and indentation patterns miss lines that start with a colour
 * code, so styled items lost their place and gained blank lines). Each item is its blocks
 * rendered as usual, marked with a bullet (`•`, `◦` nested) or its number (from the list's
 * `start`), its further lines aligned under its text; a task item's box is its `checkbox`
 * token. Blank lines inside a list are dropped, so items stay together.
 */
function listsFromTokens(): MarkedExtension {
	let depth = 0;
	return {
		renderer: {
			list(token: Tokens.List) {
				const first = typeof token.start === "number" ? token.start : 1;
				const bullet = BULLETS[Math.min(depth, BULLETS.length - 1)] as string;
				depth++;
				let rows: string[];
				try {
					rows = token.items.flatMap((item, index) => {
						const marker = token.ordered ? `${first + index}. ` : `${bullet} `;
						const lines = this.parser
							.parse(item.tokens)
							.split("\n")
							.filter((line) => stripVTControlCharacters(line).trim() !== "");
						if (lines.length === 0) lines.push("");
						const hang = " ".repeat(marker.length);
						return lines.map((line, at) => (at === 0 ? marker : hang) + line);
					});
				} finally {
					depth--;
				}
				// A nested list sits under its item's text; the item's hanging indent places it.
				const indent = depth === 0 ? LIST_INDENT : "";
				return `${rows.map((row) => indent + row).join("\n")}\n\n`;
			},
		},
	};
}

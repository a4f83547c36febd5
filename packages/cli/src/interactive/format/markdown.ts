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
	const marked = new Marked(
		markedTerminal({ width, reflowText: true, tab: 2 }) as unknown as MarkedExtension,
	);
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

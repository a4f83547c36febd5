import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./escape-html.js";

/** Link targets that may become `href`s: web, mail, and relative or in-page links. */
const SAFE_URL = /^(?:https?:|mailto:|[^:/?#]*(?:[/?#]|$))/i;

// Raw HTML in a message is shown as text, never interpreted; images become links, so
// opening the export fetches nothing.
const markdown = new Marked({
	gfm: true,
	async: false,
	renderer: {
		html({ text }: Tokens.HTML | Tokens.Tag): string {
			return escapeHtml(text);
		},
		link({ href, title, tokens }: Tokens.Link): string {
			const text = this.parser.parseInline(tokens);
			if (!isSafeUrl(href)) return text;
			const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
			return `<a href="${escapeHtml(href)}"${titleAttribute} rel="noopener noreferrer">${text}</a>`;
		},
		image({ href, text }: Tokens.Image): string {
			const label = `[image: ${escapeHtml(text || href)}]`;
			return isSafeUrl(href) ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${label}</a>` : label;
		},
	},
});

/** Whether `url` may be a link target (no `javascript:`, `data:` or other schemes). */
export function isSafeUrl(url: string): boolean {
	return SAFE_URL.test(url.trim());
}

/** Markdown as HTML; raw HTML in `text` stays text and unsafe links lose their target. */
export function renderMarkdown(text: string): string {
	return markdown.parse(text, { async: false });
}

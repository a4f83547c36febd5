const HTML_ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#39;",
};

/** `text` safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * `value` as JSON safe inside a `<script>` element: `<`, `>`, `&` and the JavaScript line
 * separators are written as `\u` escapes, so no session text can close the element.
 */
export function jsonForScript(value: unknown): string {
	return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
		return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
	});
}

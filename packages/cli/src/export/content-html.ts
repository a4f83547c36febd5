import { escapeHtml } from "./escape-html.js";

/** Image types a browser shows from a `data:` URL without surprises (no SVG scripts). */
const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Message content (a string, or text and image blocks) as HTML: each text through
 * `renderText`; images inline when their bytes are in the entry, otherwise a placeholder
 * (stored sessions keep image bytes out of line in the blob store).
 */
export function contentHtml(content: unknown, renderText: (text: string) => string): string {
	if (typeof content === "string") return renderText(content);
	if (!Array.isArray(content)) return "";
	const parts: string[] = [];
	for (const block of content as unknown[]) {
		if (typeof block !== "object" || block === null) continue;
		const { type, text, data, mimeType } = block as Record<string, unknown>;
		if (type === "text" && typeof text === "string") parts.push(renderText(text));
		else if (type === "image") parts.push(imageHtml(data, mimeType));
	}
	return parts.join("");
}

function imageHtml(data: unknown, mimeType: unknown): string {
	const type = typeof mimeType === "string" ? mimeType : "image";
	if (typeof data === "string" && INLINE_IMAGE_TYPES.has(type) && /^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
		return `<img class="image" alt="${escapeHtml(type)}" src="data:${type};base64,${data}">`;
	}
	return `<div class="image-placeholder">[image: ${escapeHtml(type)}]</div>`;
}

/**
 * The text of a message's content: a plain string as it is, or its text blocks joined by
 * `separator` (other blocks — images, tool calls, thinking — are left out).
 */
export function messageText(
	content: string | readonly { type: string; text?: string }[],
	separator = "\n",
): string {
	if (typeof content === "string") return content;
	return content
		.flatMap((block) => (block.type === "text" && block.text !== undefined ? [block.text] : []))
		.join(separator);
}

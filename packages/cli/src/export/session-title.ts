import type { TreeEntry } from "@kestrel/harness";
import { messageText } from "../format/message-text.js";

/** Longest title, in characters. */
const TITLE_CHARS = 80;

/**
 * The page's title: the session's name if it has one, else its first prompt (the first
 * user message of the current branch, else of any branch) on one line, clipped; a session
 * without a prompt is named by its id.
 */
export function sessionTitle(
	name: string | undefined,
	entries: readonly { entry: TreeEntry; onCurrentPath: boolean }[],
	sessionId: string,
): string {
	if (name?.trim()) return clip(name);
	const prompt = firstPrompt(entries.filter((row) => row.onCurrentPath)) ?? firstPrompt(entries);
	return prompt ?? `Session ${sessionId}`;
}

function firstPrompt(rows: readonly { entry: TreeEntry }[]): string | undefined {
	for (const { entry } of rows) {
		if (entry.type !== "message" || entry.message.role !== "user") continue;
		const content = entry.message.content;
		const text = typeof content === "string" || Array.isArray(content) ? messageText(content, " ") : "";
		const line = text.replace(/\s+/g, " ").trim();
		if (line !== "") return clip(line);
	}
	return undefined;
}

function clip(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length <= TITLE_CHARS ? line : `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…`;
}

import type { AgentMessage } from "@kestrel/agent-core";

/** Files the summarised history read and modified. */
export interface FileOperations {
	read: string[];
	modified: string[];
}

const READ_TOOLS = new Set(["read"]);
const MODIFY_TOOLS = new Set(["write", "edit"]);

/**
 * The files named by the `path` argument of `read` (read) and `write` / `edit` (modified)
 * tool calls in `messages`, added to `previous` (the previous compaction's lists). A file
 * that was modified is listed only as modified. Both lists are sorted.
 */
export function collectFileOperations(
	messages: readonly AgentMessage[],
	previous?: Readonly<FileOperations>,
): FileOperations {
	const read = new Set(previous?.read);
	const modified = new Set(previous?.modified);
	for (const message of messages) {
		if (message.role !== "assistant") continue;
		for (const block of message.content) {
			if (block.type !== "toolCall") continue;
			const path = block.arguments.path;
			if (typeof path !== "string" || path === "") continue;
			if (READ_TOOLS.has(block.name)) read.add(path);
			else if (MODIFY_TOOLS.has(block.name)) modified.add(path);
		}
	}
	for (const path of modified) read.delete(path);
	return { read: [...read].sort(), modified: [...modified].sort() };
}

const FILE_SECTIONS = /(?:^|\n+)## Files (?:read|modified)\n[\s\S]*$/;

/** `summary` with `## Files read` and `## Files modified` sections appended (empty lists are left out). */
export function withFileSections(summary: string, files: Readonly<FileOperations>): string {
	let text = summary.trimEnd();
	if (files.read.length > 0) text += `\n\n## Files read\n${files.read.map((path) => `- ${path}`).join("\n")}`;
	if (files.modified.length > 0) {
		text += `\n\n## Files modified\n${files.modified.map((path) => `- ${path}`).join("\n")}`;
	}
	return text;
}

/**
 * `summary` without the file sections {@link withFileSections} appended: they are kept
 * in the compaction entry and rewritten from there, not by the summariser.
 */
export function withoutFileSections(summary: string): string {
	return summary.replace(FILE_SECTIONS, "");
}

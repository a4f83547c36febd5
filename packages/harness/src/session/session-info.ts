import type { ParsedSession } from "./parse-session-text.js";
import type { SessionInfo } from "./types.js";

/** What listing keeps of a session's content; the rest of {@link SessionInfo} comes from the file's stat. */
export type SessionContentInfo = Omit<SessionInfo, "path" | "modified" | "size">;

const FIRST_MESSAGE_CHARS = 200;

/** The listing row of a parsed session, without the file's path, size and time. */
export function sessionContentInfo(parsed: Pick<ParsedSession, "header" | "entries">): SessionContentInfo {
	let name: string | undefined;
	let messageCount = 0;
	let firstMessage: string | undefined;
	for (const entry of parsed.entries) {
		if (entry.type === "session_name") name = entry.name;
		else if (entry.type === "message") {
			messageCount++;
			if (firstMessage === undefined && entry.message.role === "user")
				firstMessage = textOf(entry.message.content);
		}
	}
	const info: SessionContentInfo = {
		id: parsed.header.id,
		cwd: String(parsed.header.cwd ?? ""),
		created: String(parsed.header.timestamp ?? ""),
		messageCount,
		firstMessage: (firstMessage ?? "").slice(0, FIRST_MESSAGE_CHARS),
	};
	if (name !== undefined) info.name = name;
	return info;
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter(
			(block): block is { type: "text"; text: string } =>
				block?.type === "text" && typeof block.text === "string",
		)
		.map((block) => block.text)
		.join(" ");
}

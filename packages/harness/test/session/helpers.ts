import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AssistantMessage, ImageContent, ToolResultMessage, UserMessage } from "@kestrel/ai";
import { afterEach } from "vitest";
import { type Session, SessionManager } from "../../src/session/index.js";

/** The committed corpus of session files. */
export const FIXTURES = fileURLToPath(new URL("../fixtures/sessions/", import.meta.url));

/** A fresh temp folder per call, removed after the test (sessions still open are closed first). */
export function useTempDirs() {
	const dirs: string[] = [];
	const sessions: Session[] = [];
	afterEach(async () => {
		await Promise.all(sessions.splice(0).map((session) => session.close()));
		await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
	});
	return {
		async make(): Promise<string> {
			const dir = await mkdtemp(join(tmpdir(), "kestrel-session-"));
			dirs.push(dir);
			return dir;
		},
		/** Closes the session after the test even if an assertion fails first. */
		track<T extends Session>(session: T): T {
			sessions.push(session);
			return session;
		},
	};
}

export function user(text: string, images: ImageContent[] = []): UserMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: 1_700_000_000_000 };
}

export function assistant(text: string, toolCallId?: string): AssistantMessage {
	return {
		role: "assistant",
		content: toolCallId
			? [{ type: "toolCall", id: toolCallId, name: "read", arguments: { path: "a.txt" } }]
			: [{ type: "text", text }],
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-test",
		usage: {
			input: 10,
			output: 5,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 15,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: toolCallId ? "toolUse" : "stop",
		timestamp: 1_700_000_000_001,
	};
}

export function toolResult(toolCallId: string, text: string, images: ImageContent[] = []): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName: "read",
		content: [{ type: "text", text }, ...images],
		isError: false,
		timestamp: 1_700_000_000_002,
	};
}

/** A small PNG-like payload: distinct bytes per seed. */
export function image(seed: string, size = 4096): ImageContent {
	const bytes = Buffer.alloc(size, seed);
	return { type: "image", data: bytes.toString("base64"), mimeType: "image/png" };
}

/** The JSON lines of a file's text (every line must parse). */
export function jsonLines(text: string): Record<string, unknown>[] {
	return text
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Both kinds of manager, for tests that must hold on disk and in memory alike. */
export const MANAGER_KINDS = [
	["on disk", (dir: string) => new SessionManager({ dir, cwd: "/work/project" })],
	["in memory", () => SessionManager.inMemory({ cwd: "/work/project" })],
] as const;

/** Opens a session again through its manager: by path on disk, by id in memory. */
export function reopen(
	manager: SessionManager,
	session: Session,
	options?: { readOnly?: boolean },
): Promise<Session> {
	return manager.open(session.path ?? session.id, options);
}

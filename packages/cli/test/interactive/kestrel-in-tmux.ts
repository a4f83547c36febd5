import { fileURLToPath } from "node:url";
import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { type CliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

/** Starts kestrel in tmux on the fixture's wire model, wide enough that session paths stay on one line. */
export async function startKestrel(fixture: CliFixture, args: string[] = []): Promise<TmuxSession> {
	return TmuxSession.start({
		cwd: fixture.cwd,
		env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
		command: [process.execPath, MAIN, "--approve", "ask", "--model", WIRE_MODEL, ...args],
		width: 240,
		height: 50,
	});
}

/** Waits until the editor takes keys (a key typed before raw mode would sit in the line buffer). */
export async function waitUntilTyping(session: TmuxSession): Promise<void> {
	await session.waitFor("· ready");
	await session.type("x");
	await session.waitFor(/│ › x\s/);
	await session.press("C-u");
	await session.waitFor(/│ › \s+│/);
}

/** Text and Enter apart: together they would arrive as a paste, and Enter would be a new line. */
export async function send(session: TmuxSession, text: string): Promise<void> {
	await session.type(text);
	await session.press("Enter");
}

/**
 * `/tree`, then moves to the entry found by typing `filter` (the picker's row must match
 * `row`), without a summary of the branch being left: the next prompt starts a branch there.
 */
export async function moveInTree(session: TmuxSession, filter: string, row: RegExp): Promise<void> {
	await send(session, "/tree");
	await session.waitFor("Move to (Enter)");
	await session.type(filter);
	await session.waitFor(row);
	await session.press("Enter");
	await session.waitFor("Summarise the branch you are leaving");
	await session.type("n");
	await session.waitFor("── Moved in the session tree");
}

/** A scripted Anthropic answer of one text block, with usage. */
export const answer = (text: string) => ({
	body: encodeAnthropicStream({ blocks: [{ type: "text", text }], usage: { input: 120, output: 30 } }),
});

/** What kestrel sent the wire model. */
export interface RequestBody {
	system?: unknown;
	messages: { role: string; content: unknown }[];
	thinking?: unknown;
}

/** Sends a prompt and waits for its (unique) answer and the end of the run; returns the request. */
export async function exchange(
	fixture: CliFixture,
	session: TmuxSession,
	prompt: string,
	reply: string,
): Promise<RequestBody> {
	const index = fixture.server.requests.length;
	fixture.server.enqueue(answer(reply));
	await send(session, prompt);
	await session.waitFor(reply);
	await session.waitFor("· ready");
	const recorded = fixture.server.requests[index];
	if (!recorded) throw new Error(`No request ${index}: only ${fixture.server.requests.length} arrived.`);
	return recorded.body as RequestBody;
}

/** The session view of a replayed run, on an in-memory session (no database needed). */
import { type AgentMessage, createUserMessage } from "@kestrel/agent-core";
import { type Session, SessionManager } from "@kestrel/harness";
import { describe, expect, it } from "vitest";
import { replaySession } from "../src/index.js";

function answer(text: string): AgentMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text }],
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-test",
		usage: {
			input: 1,
			output: 1,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 2,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "stop",
		timestamp: Date.now(),
	} as AgentMessage;
}

/** A message's text. */
function textOf(message: AgentMessage): string {
	const content = (message as { content?: string | { text?: string }[] }).content ?? "";
	return typeof content === "string" ? content : content.map((block) => block.text ?? "").join("");
}

/** The messages of every entry of the session, as role: text. */
function texts(session: Session): string[] {
	return session
		.getEntries()
		.flatMap((entry) =>
			entry.type === "message" ? [`${entry.message.role}: ${textOf(entry.message)}`] : [],
		);
}

async function sessionWith(...messages: AgentMessage[]): Promise<Session> {
	const session = await SessionManager.inMemory({ cwd: "/tmp" }).create();
	for (const message of messages) session.appendMessage(message);
	return session;
}

describe("replaySession", () => {
	it("adopts the entries a crashed attempt wrote, then appends the rest once", async () => {
		const session = await sessionWith(createUserMessage("earlier"), answer("earlier answer"));
		const start = session.leafId;
		// The crashed attempt wrote the prompt and the first answer.
		const prompt = createUserMessage("go");
		session.appendMessage(prompt);
		session.appendMessage(answer("first"));
		const written = session.getEntries().length;

		const view = replaySession(session, start);
		expect(view.leafId).toBe(start);
		expect(view.buildContext().messages).toHaveLength(2);
		// The replay appends the same messages (a new timestamp on the prompt) and one more.
		const adopted = view.appendMessage({ ...prompt, timestamp: prompt.timestamp + 5 } as AgentMessage);
		expect(session.getEntries()).toHaveLength(written);
		expect(view.leafId).toBe(adopted.id);
		view.appendMessage(answer("first"));
		expect(session.getEntries()).toHaveLength(written);
		view.appendMessage(createUserMessage("more"));
		expect(texts(session)).toEqual([
			"user: earlier",
			"assistant: earlier answer",
			"user: go",
			"assistant: first",
			"user: more",
		]);
		expect(view.leafId).toBe(session.leafId);
	});

	it("leaves what the replay does not repeat on an abandoned branch, never on the live one", async () => {
		const session = await sessionWith(createUserMessage("earlier"));
		const start = session.leafId;
		session.appendMessage(createUserMessage("go"));
		session.appendMessage(answer("an answer the record does not have"));

		const view = replaySession(session, start);
		view.appendMessage(createUserMessage("go"));
		view.appendMessage(answer("the recorded answer"));
		expect(view.buildContext().messages.map(textOf)).toEqual(["earlier", "go", "the recorded answer"]);
		expect(texts(session)).toContain("assistant: an answer the record does not have");
	});

	it("writes through when nothing was written after the start", async () => {
		const session = await sessionWith(createUserMessage("earlier"));
		const view = replaySession(session, session.leafId);
		view.appendMessage(createUserMessage("go"));
		view.appendMessage(createUserMessage("go"));
		expect(texts(session)).toEqual(["user: earlier", "user: go", "user: go"]);
	});
});

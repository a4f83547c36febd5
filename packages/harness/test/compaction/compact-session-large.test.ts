import type { AgentMessage } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { compactSession } from "../../src/compaction/compact-session.js";
import { estimateContextTokens } from "../../src/compaction/estimate.js";
import { FakeSession } from "./support/fake-session.js";
import { fauxSummarizer, promptOf } from "./support/faux-summarizer.js";
import { contextTokens, LIMIT, SETTINGS, SYSTEM_PROMPT, TOOLS, WINDOW } from "./support/setup.js";
import { assistant, codingTranscript, filler, user } from "./support/transcript.js";

const SUMMARIZER_WINDOW = 12_000;

function bigSession(): FakeSession {
	const turns = codingTranscript({ turns: 20, callsPerTurn: 2, resultChars: 6_000, thinkingChars: 2_000 });
	// A pasted log far larger than one summary request.
	const pasted: AgentMessage[] = [user(`PASTED-START ${filler(60_000)} PASTED-END`), assistant("Noted.")];
	const session = new FakeSession();
	session.appendMessages([...turns.slice(0, 10), ...pasted, ...turns.slice(10)]);
	return session;
}

describe("compactSession on a session far past the window", () => {
	it("compacts a session at 2.3× the window with every summary request inside the summariser's window", async () => {
		const session = bigSession();
		const before = contextTokens(session);
		expect(before / WINDOW).toBeGreaterThan(2.2);
		expect(before / WINDOW).toBeLessThan(2.4);
		const { summarizer, requests } = fauxSummarizer({ contextWindow: SUMMARIZER_WINDOW });

		const outcome = await compactSession(session, {
			reason: "overflow",
			settings: SETTINGS,
			contextWindow: WINDOW,
			summarizer,
			systemPrompt: SYSTEM_PROMPT,
			tools: TOOLS,
		});

		expect(outcome.ok).toBe(true);
		if (!outcome.ok) return;
		expect(outcome.entry).toMatchObject({
			type: "compaction",
			method: "summary",
			reason: "overflow",
			tokensBefore: before,
		});
		expect(outcome.summaryRequests).toBeGreaterThan(1);
		expect(requests).toHaveLength(outcome.summaryRequests);

		const room = SUMMARIZER_WINDOW - SETTINGS.summaryMaxTokens;
		for (const request of requests) {
			const { systemPrompt, messages } = request.context;
			expect(estimateContextTokens({ systemPrompt, messages }) * 1.1).toBeLessThanOrEqual(room);
			// A crude count of the request as serialised JSON (escapes and keys included).
			expect(Math.ceil(JSON.stringify({ systemPrompt, messages }).length / 4)).toBeLessThanOrEqual(room);
		}

		const prompts = requests.map(promptOf).join("\n");
		expect(prompts).not.toContain("SECRET-THOUGHT");
		expect(prompts).toContain("characters omitted");
		expect(prompts).toContain("PASTED-START");
		expect(prompts).toContain("PASTED-END");

		const after = contextTokens(session);
		expect(after).toBeLessThanOrEqual(LIMIT);
		expect(outcome.entry.tokensAfter).toBe(after);
		const context = session.buildContext();
		expect(context.messages[0]).toMatchObject({ role: "compactionSummary", summary: outcome.entry.summary });
		// Every kept tool result still has its call in the context.
		const calls = new Set(
			context.messages.flatMap((message) =>
				message.role === "assistant"
					? message.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : []))
					: [],
			),
		);
		for (const message of context.messages)
			if (message.role === "toolResult") expect(calls.has(message.toolCallId)).toBe(true);
	});

	it("strips the oldest kept tool outputs when the summary and the kept turn are still over the limit", async () => {
		const session = new FakeSession();
		session.appendMessages(codingTranscript({ turns: 4, callsPerTurn: 1, resultChars: 4_000 }));
		session.appendMessages([
			user("Read the huge log."),
			assistant([{ type: "toolCall", id: "huge", name: "read", arguments: { path: "huge.log" } }]),
			{
				role: "toolResult",
				toolCallId: "huge",
				toolName: "read",
				content: [{ type: "text", text: filler(160_000) }],
				isError: false,
				timestamp: 1,
			},
		]);
		const { summarizer } = fauxSummarizer();
		const outcome = await compactSession(session, {
			reason: "overflow",
			settings: SETTINGS,
			contextWindow: WINDOW,
			summarizer,
			systemPrompt: SYSTEM_PROMPT,
			tools: TOOLS,
		});
		expect(outcome.ok && outcome.entry.method).toBe("summary");
		if (!outcome.ok) return;
		const hugeEntry = session
			.getBranch()
			.find(
				(entry) =>
					entry.type === "message" &&
					entry.message.role === "toolResult" &&
					entry.message.toolCallId === "huge",
			);
		expect(outcome.entry.strippedEntryIds).toEqual([hugeEntry!.id]);
		expect(contextTokens(session)).toBeLessThanOrEqual(LIMIT);
		expect(outcome.entry.tokensAfter).toBe(contextTokens(session));
	});
});

import type { FauxReply } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { compactSession } from "../../src/compaction/compact-session.js";
import { FakeSession } from "./support/fake-session.js";
import { fauxSummarizer } from "./support/faux-summarizer.js";
import { contextTokens, LIMIT, SETTINGS, SYSTEM_PROMPT, TOOLS, WINDOW } from "./support/setup.js";
import { assistant, codingTranscript, filler, user } from "./support/transcript.js";

interface Failure {
	name: string;
	reply?: FauxReply;
	abort?: "before" | "during";
	kind: string;
}

const failures: Failure[] = [
	{
		name: "an error event",
		reply: { content: [], error: { kind: "network", message: "connection reset" } },
		kind: "network",
	},
	{
		name: "an overflow error",
		reply: { content: [], error: { kind: "overflow", message: "prompt is too long" } },
		kind: "overflow",
	},
	{ name: "an aborted signal", abort: "before", kind: "aborted" },
	{ name: "an abort during the request", abort: "during", kind: "aborted" },
	{ name: "an empty reply", reply: { content: [] }, kind: "empty" },
];

function overfullSession(): FakeSession {
	const session = new FakeSession();
	session.appendMessages(
		codingTranscript({ turns: 22, callsPerTurn: 2, resultChars: 6_000, thinkingChars: 1_000 }),
	);
	// The last turn alone is more than the limit without its tool outputs, so the fallback must also cut.
	session.appendMessages([user(filler(60_000)), assistant(filler(60_000))]);
	return session;
}

async function compactWith(failure: Failure) {
	const session = overfullSession();
	const controller = new AbortController();
	if (failure.abort === "before") controller.abort();
	const { summarizer, requests } = fauxSummarizer({
		reply: () => {
			if (failure.abort === "during") controller.abort();
			return failure.reply ?? { content: [{ type: "text", text: "a summary that arrives too late" }] };
		},
	});
	const outcome = await compactSession(session, {
		reason: "overflow",
		settings: SETTINGS,
		contextWindow: WINDOW,
		summarizer,
		systemPrompt: SYSTEM_PROMPT,
		tools: TOOLS,
		signal: controller.signal,
	});
	return { session, outcome, requests };
}

describe("compactSession when summarising fails", () => {
	for (const failure of failures) {
		it(`falls back after ${failure.name}, records why, and gets the context under the limit`, async () => {
			const { session, outcome } = await compactWith(failure);
			expect(outcome.ok).toBe(true);
			if (!outcome.ok) return;
			expect(outcome.entry.method).toBe("fallback");
			expect(outcome.entry.summaryError).toMatch(new RegExp(`^${failure.kind}: `));
			expect(outcome.entry.summary).toContain("removed without a summary because summarising them failed");
			expect(contextTokens(session)).toBeLessThanOrEqual(LIMIT);
			expect(outcome.entry.tokensAfter).toBe(contextTokens(session));
			expect(outcome.entry.tokensBefore).toBeGreaterThan(2 * WINDOW);
			const branch = session.getBranch();
			expect(branch.at(-1)).toBe(outcome.entry);
			const kept = branch.find((entry) => entry.id === outcome.entry.firstKeptEntryId);
			expect(kept?.type === "message" && kept.message.role).not.toBe("toolResult");
		});
	}

	it("is deterministic: the same session and failure give the same entry", async () => {
		const first = await compactWith(failures[0]!);
		const second = await compactWith(failures[0]!);
		expect(first.outcome).toEqual(second.outcome);
		expect(first.session.buildContext()).toEqual(second.session.buildContext());
	});

	it("only drops old tool outputs when that is enough, keeping every message", async () => {
		const session = new FakeSession();
		session.appendMessages(codingTranscript({ turns: 10, callsPerTurn: 2, resultChars: 8_000 }));
		const { summarizer } = fauxSummarizer({
			reply: () => ({ content: [], error: { kind: "overloaded", message: "busy" } }),
		});
		const outcome = await compactSession(session, {
			reason: "threshold",
			settings: SETTINGS,
			contextWindow: WINDOW,
			summarizer,
			systemPrompt: SYSTEM_PROMPT,
			tools: TOOLS,
		});
		if (!outcome.ok) throw new Error(outcome.error);
		expect(outcome.entry).toMatchObject({
			method: "fallback",
			summaryError: expect.stringMatching(/^overloaded: /),
		});
		expect(outcome.entry.firstKeptEntryId).toBe(session.getBranch()[0]!.id);
		expect(outcome.entry.summary).toContain("the outputs of the oldest tool calls were replaced");
		const stripped = outcome.entry.strippedEntryIds!;
		const results = session
			.getBranch()
			.filter((entry) => entry.type === "message" && entry.message.role === "toolResult");
		// The oldest outputs went first; the newest kept theirs.
		expect(stripped).toEqual(results.slice(0, stripped.length).map((entry) => entry.id));
		expect(stripped.length).toBeLessThan(results.length);
		expect(contextTokens(session)).toBeLessThanOrEqual(LIMIT);
	});

	it("reports the summary requests made before the failure", async () => {
		const { outcome, requests } = await compactWith(failures[1]!);
		expect(outcome.ok && outcome.summaryRequests).toBe(requests.length);
		expect(requests.length).toBe(1);
	});
});

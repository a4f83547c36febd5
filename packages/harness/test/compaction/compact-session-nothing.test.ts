import { describe, expect, it } from "vitest";
import { compactSession } from "../../src/compaction/compact-session.js";
import type { CompactSessionOptions } from "../../src/compaction/types.js";
import { FakeSession } from "./support/fake-session.js";
import { fauxSummarizer } from "./support/faux-summarizer.js";
import { contextTokens, LIMIT, SETTINGS, SYSTEM_PROMPT, TOOLS, WINDOW } from "./support/setup.js";
import { assistant, call, codingTranscript, filler, result, user } from "./support/transcript.js";

const failing = () =>
	fauxSummarizer({ reply: () => ({ content: [], error: { kind: "overloaded", message: "busy" } }) });

function options(
	summarizer: CompactSessionOptions["summarizer"],
	extra: Partial<CompactSessionOptions> = {},
) {
	return {
		reason: "manual" as const,
		settings: SETTINGS,
		contextWindow: WINDOW,
		summarizer,
		systemPrompt: SYSTEM_PROMPT,
		tools: TOOLS,
		...extra,
	};
}

describe("compactSession when there is nothing to remove", () => {
	it("appends compaction_failed for a session without messages", async () => {
		const session = new FakeSession();
		const { summarizer, requests } = fauxSummarizer();
		const outcome = await compactSession(session, options(summarizer));
		expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining("no messages") });
		expect(session.getBranch()).toEqual([outcome.entry]);
		expect(outcome.entry).toMatchObject({ type: "compaction_failed", reason: "manual" });
		expect(requests).toHaveLength(0);
	});

	it("appends compaction_failed when the whole context is recent history, and says why", async () => {
		const session = new FakeSession();
		session.appendMessages([user("Hello, here is what we will build today.")]);
		const { summarizer, requests } = fauxSummarizer();
		const outcome = await compactSession(session, options(summarizer));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect(outcome.error).toMatch(/Nothing to compact: the whole context \(\d+ tokens\) is recent history/);
		expect(outcome.entry).toMatchObject({
			type: "compaction_failed",
			error: outcome.error,
			tokens: contextTokens(session),
		});
		expect(requests).toHaveLength(0);
	});

	it("appends compaction_failed when summarising fails and the context already fits", async () => {
		const session = new FakeSession();
		session.appendMessages(codingTranscript({ turns: 6, callsPerTurn: 1, resultChars: 12_000 }));
		expect(contextTokens(session)).toBeLessThan(LIMIT);
		const { summarizer } = failing();
		const outcome = await compactSession(session, options(summarizer));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect(outcome.error).toMatch(/^Summarising failed \(overloaded: .*busy\)/);
		expect(outcome.error).toMatch(/removed nothing/);
	});

	it("falls back without a summary request when only recent history is left and it is over the limit", async () => {
		const session = new FakeSession();
		session.appendMessages([user("old"), assistant("old answer")]);
		session.appendCompaction({
			summary: "## Goal\nOld work",
			firstKeptEntryId: null,
			tokensBefore: 1,
			tokensAfter: 1,
			reason: "threshold",
			method: "summary",
		});
		session.appendMessages([
			assistant([call("big", "read", { path: "dump.json" })]),
			result("big", "read", filler(200_000)),
		]);
		const { summarizer, requests } = fauxSummarizer();
		const outcome = await compactSession(session, options(summarizer, { reason: "overflow" }));
		expect(requests).toHaveLength(0);
		if (!outcome.ok) throw new Error(outcome.error);
		expect(outcome.entry).toMatchObject({
			method: "fallback",
			summaryError: expect.stringContaining("no history older"),
		});
		expect(outcome.entry.summary.startsWith("## Goal\nOld work\n\n")).toBe(true);
		expect(outcome.entry.strippedEntryIds).toEqual([session.getBranch().at(-2)!.id]);
		expect(contextTokens(session)).toBeLessThanOrEqual(LIMIT);
	});
});

describe("compactSession with provider usage above the estimate", () => {
	it("aims lower in estimated tokens, so the provider's count also ends under the limit", async () => {
		const build = (reported: number) => {
			const session = new FakeSession();
			const messages = codingTranscript({ turns: 8, callsPerTurn: 1, resultChars: 12_000 });
			session.appendMessages(messages.slice(0, -1));
			session.appendMessage(assistant(filler(300), { usage: { input: reported } }));
			return session;
		};
		const plain = build(0);
		const estimated = contextTokens(plain);
		expect(estimated).toBeLessThan(LIMIT);
		expect(estimated * 1.5).toBeGreaterThan(LIMIT);
		expect((await compactSession(plain, options(failing().summarizer))).ok).toBe(false);

		// The provider counted 1.5× the estimate: over the limit, and the fallback aims at limit / 1.5.
		const counted = build(Math.round(estimated * 1.5));
		const outcome = await compactSession(counted, options(failing().summarizer, { reason: "threshold" }));
		if (!outcome.ok) throw new Error(outcome.error);
		expect(outcome.entry.tokensBefore).toBeGreaterThan(LIMIT);
		expect(contextTokens(counted) * 1.5).toBeLessThanOrEqual(LIMIT);
	});
});

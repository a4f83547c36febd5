import type { AgentMessage } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { fallbackCompaction } from "../../src/compaction/fallback.js";
import { planCompaction } from "../../src/compaction/plan.js";
import { FakeSession } from "./support/fake-session.js";
import { assistant, call, filler, result, user } from "./support/transcript.js";

/** Three turns, each reading one file whose output is 4,000 characters (1,000 tokens). */
function threeReads(): AgentMessage[] {
	const messages: AgentMessage[] = [];
	for (let turn = 0; turn < 3; turn++) {
		messages.push(user(`Question ${turn}`));
		messages.push(assistant([call(`c${turn}`, "read", { path: `f${turn}.ts` })]));
		messages.push(result(`c${turn}`, "read", filler(4_000, turn)));
		messages.push(assistant(`Answer ${turn}`));
	}
	return messages;
}

function candidatesOf(messages: readonly AgentMessage[]) {
	const session = new FakeSession();
	session.appendMessages(messages);
	return { session, plan: planCompaction(session.getBranch(), 0) };
}

describe("fallbackCompaction", () => {
	it("first drops the bodies of the oldest tool results, keeping every entry and the newest result", () => {
		const { plan } = candidatesOf(threeReads());
		const resultIds = plan.candidateEntries
			.filter((candidate) => candidate.kind === "toolResult")
			.map((c) => c.entryId);
		const fallback = fallbackCompaction({
			candidateEntries: plan.candidateEntries,
			error: "overloaded: busy",
			limit: 2_000,
			fixedTokens: 100,
		});
		expect(fallback.firstKeptEntryId).toBe(plan.candidateEntries[0]!.entryId);
		expect(fallback.strippedEntryIds).toEqual(resultIds.slice(0, 2));
		expect(fallback.tokensAfter).toBeLessThanOrEqual(2_000);
		expect(fallback.summary).toContain("Summarising the conversation failed (overloaded: busy)");
	});

	it("cuts hard at a valid point when even without tool outputs the context does not fit", () => {
		const messages = [...threeReads(), user(filler(2_400)), assistant(filler(2_400))];
		const { plan } = candidatesOf(messages);
		const fallback = fallbackCompaction({
			candidateEntries: plan.candidateEntries,
			previousSummary: "## Goal\nPREVIOUS",
			error: "network: reset",
			limit: 1_500,
			fixedTokens: 200,
		});
		const cut = plan.candidateEntries.findIndex(
			(candidate) => candidate.entryId === fallback.firstKeptEntryId,
		);
		expect(cut).toBeGreaterThan(0);
		expect(plan.candidateEntries[cut]!.kind).not.toBe("toolResult");
		expect(fallback.tokensAfter).toBeLessThanOrEqual(1_500);
		expect(fallback.summary.startsWith("## Goal\nPREVIOUS\n\n")).toBe(true);
		expect(fallback.summary).toContain(
			"removed without a summary because summarising them failed (network: reset)",
		);
		// The newest entries are the kept ones.
		expect(plan.candidateEntries.at(-1)!.message).toMatchObject({ role: "assistant" });
		expect(cut).toBeGreaterThanOrEqual(plan.candidateEntries.length - 3);
		// The removed part's files join the file lists.
		expect(fallback.files.read).toEqual(["f0.ts", "f1.ts", "f2.ts"]);
		expect(fallback.summary).toContain("## Files read\n- f0.ts");
	});

	it("keeps nothing when not even the newest entry fits", () => {
		const { plan } = candidatesOf([user("small"), assistant("ok"), user(filler(40_000))]);
		const fallback = fallbackCompaction({
			candidateEntries: plan.candidateEntries,
			error: "x",
			limit: 2_000,
			fixedTokens: 0,
		});
		expect(fallback.firstKeptEntryId).toBeNull();
		expect(fallback.tokensAfter).toBeLessThanOrEqual(2_000);
	});

	it("keeps a tool result stripped by an earlier compaction stripped", () => {
		const session = new FakeSession();
		session.appendMessages(threeReads().slice(0, 4));
		const [, , resultEntry] = session.getBranch();
		session.appendCompaction({
			summary: "before",
			firstKeptEntryId: session.getBranch()[0]!.id,
			tokensBefore: 1,
			tokensAfter: 1,
			reason: "overflow",
			method: "fallback",
			strippedEntryIds: [resultEntry!.id],
		});
		session.appendMessages(threeReads().slice(4));
		const plan = planCompaction(session.getBranch(), 0);
		const fallback = fallbackCompaction({
			candidateEntries: plan.candidateEntries,
			error: "x",
			limit: 1_500,
			fixedTokens: 0,
		});
		// The old one stays stripped and one more (the oldest with a body) is enough to fit.
		expect(fallback.strippedEntryIds).toHaveLength(2);
		expect(fallback.strippedEntryIds[0]).toBe(resultEntry!.id);
		expect(fallback.tokensAfter).toBeLessThanOrEqual(1_500);
	});

	it("is deterministic: the same input gives the same output", () => {
		const run = () => {
			const { plan } = candidatesOf([...threeReads(), user(filler(3_000)), assistant(filler(3_000))]);
			return fallbackCompaction({
				candidateEntries: plan.candidateEntries,
				previousSummary: "prev",
				previousFiles: { read: ["z.ts"], modified: [] },
				error: "unknown: boom",
				limit: 1_800,
				fixedTokens: 50,
			});
		};
		expect(run()).toEqual(run());
	});
});

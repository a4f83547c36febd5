import type { AgentMessage } from "@kestrel/agent-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planCompaction } from "../../src/compaction/plan.js";
import { STRIPPED_TOOL_RESULT_TEXT } from "../../src/messages.js";
import { FakeSession } from "./support/fake-session.js";
import { keepTokens, messagesOf, transcriptShape } from "./support/random-transcript.js";
import { assistant, call, result, user } from "./support/transcript.js";

function sessionOf(messages: readonly AgentMessage[]): FakeSession {
	const session = new FakeSession();
	session.appendMessages(messages);
	return session;
}

const callIds = (messages: readonly AgentMessage[]) =>
	messages.flatMap((message) =>
		message.role === "assistant"
			? message.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : []))
			: [],
	);
const resultIds = (messages: readonly AgentMessage[]) =>
	messages.flatMap((message) => (message.role === "toolResult" ? [message.toolCallId] : []));

describe("planCompaction", () => {
	it("splits a history into the part to summarise, the turn's start and the kept entries", () => {
		const session = sessionOf([
			user("u".repeat(400)),
			assistant("a".repeat(400)),
			user("second turn"),
			assistant([call("c1", "read", { path: "a.ts" })]),
			result("c1", "read", "r".repeat(4_000)),
			assistant("b".repeat(400)),
		]);
		const plan = planCompaction(session.getBranch(), 1_000);
		expect(plan.candidateEntries).toHaveLength(6);
		expect(plan.firstKeptIndex).toBe(3);
		expect(plan.firstKeptEntryId).toBe(session.getBranch()[3]!.id);
		expect(plan.toSummarize.map((message) => message.role)).toEqual(["user", "assistant"]);
		expect(plan.turnPrefix).toEqual([user("second turn")]);
		expect(plan.previousSummary).toBeUndefined();
	});

	it("starts from the previous compaction's first kept entry and carries its summary and files", () => {
		const session = sessionOf([user("old".repeat(100)), assistant("old answer")]);
		const keptFrom = session.appendMessage(user("kept question"));
		session.appendMessage(assistant([call("c1", "read", { path: "x.ts" })]));
		const stripped = session.appendMessage(result("c1", "read", "big output ".repeat(100)));
		session.appendCompaction({
			summary: "previous summary",
			firstKeptEntryId: keptFrom.id,
			tokensBefore: 10,
			tokensAfter: 5,
			reason: "threshold",
			method: "fallback",
			summaryError: "overloaded: busy",
			strippedEntryIds: [stripped.id],
			files: { read: ["x.ts"], modified: [] },
		});
		session.appendMessage(assistant("after the compaction"));
		const plan = planCompaction(session.getBranch(), 0);
		expect(plan.candidateEntries.map((candidate) => candidate.entryId)[0]).toBe(keptFrom.id);
		expect(plan.candidateEntries).toHaveLength(4);
		expect(plan.candidateEntries.some((candidate) => candidate.message.role === "compactionSummary")).toBe(
			false,
		);
		expect(plan.previousSummary).toBe("previous summary");
		expect(plan.previousFiles).toEqual({ read: ["x.ts"], modified: [] });
		const strippedCandidate = plan.candidateEntries.find((candidate) => candidate.entryId === stripped.id)!;
		expect(strippedCandidate.stripped).toBe(true);
		expect(strippedCandidate.message).toMatchObject({
			content: [{ type: "text", text: STRIPPED_TOOL_RESULT_TEXT }],
		});
	});

	it("starts after the previous compaction when it kept nothing", () => {
		const session = sessionOf([user("old"), assistant("old answer")]);
		session.appendCompaction({
			summary: "s",
			firstKeptEntryId: null,
			tokensBefore: 10,
			tokensAfter: 5,
			reason: "manual",
			method: "summary",
		});
		const next = session.appendMessage(user("new"));
		const plan = planCompaction(session.getBranch(), 0);
		expect(plan.candidateEntries.map((candidate) => candidate.entryId)).toEqual([next.id]);
	});

	it("includes branch summaries and custom messages as candidates that may start the kept part", () => {
		const session = sessionOf([user("x".repeat(400))]);
		session.appendBranchSummary("we tried another way");
		const custom = session.appendCustomMessage("note", "n".repeat(400));
		const plan = planCompaction(session.getBranch(), 50);
		expect(plan.candidateEntries.map((candidate) => candidate.kind)).toEqual(["user", "other", "other"]);
		expect(plan.firstKeptEntryId).toBe(custom.id);
		expect(plan.toSummarize.map((message) => message.role)).toEqual(["user", "branchSummary"]);
	});

	it("has no first kept entry for an empty branch", () => {
		const plan = planCompaction([], 100);
		expect(plan).toMatchObject({
			candidateEntries: [],
			firstKeptIndex: 0,
			firstKeptEntryId: null,
			toSummarize: [],
		});
	});

	it("property: never separates a tool call from its result, and keeps at least the asked tokens", () => {
		fc.assert(
			fc.property(transcriptShape, keepTokens, (shape, keep) => {
				const session = sessionOf(messagesOf(shape));
				const branch = session.getBranch();
				const plan = planCompaction(branch, keep);
				const kept = plan.candidateEntries.slice(plan.firstKeptIndex).map((candidate) => candidate.message);
				const removed = [...plan.toSummarize, ...plan.turnPrefix];
				expect(removed.length + kept.length).toBe(plan.candidateEntries.length);

				const keptCalls = new Set(callIds(kept));
				const removedCalls = new Set(callIds(removed));
				for (const id of resultIds(kept)) expect(removedCalls.has(id)).toBe(false);
				for (const id of resultIds(removed)) expect(keptCalls.has(id)).toBe(false);

				const keptTokens = plan.candidateEntries
					.slice(plan.firstKeptIndex)
					.reduce((sum, candidate) => sum + candidate.tokens, 0);
				if (plan.firstKeptIndex > 0) expect(keptTokens).toBeGreaterThanOrEqual(keep);
				expect(branch.some((entry) => entry.id === plan.firstKeptEntryId)).toBe(true);
				if (plan.turnPrefix.length > 0) expect(plan.turnPrefix[0]!.role).toBe("user");
			}),
			{ numRuns: 200 },
		);
	});
});

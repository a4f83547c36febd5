import type { FauxReply } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { bulkyTool, harnessFor, ofType, scriptedModel, textOf } from "./support/scripted.js";

const overflow: FauxReply = {
	content: [],
	error: { kind: "overflow", message: "prompt is too long: 210000 tokens > 200000 maximum" },
};

function probe(step: number): FauxReply {
	return { content: [{ type: "toolCall", name: "probe", arguments: { step } }] };
}

async function setUp(agent: (index: number) => FauxReply, compaction?: { enabled?: boolean }) {
	const scripted = scriptedModel({ agent: (_request, index) => agent(index) });
	const { session, harness, events } = await harnessFor(scripted, {
		tools: [bulkyTool(4_000)],
		systemPrompt: "You run probes.",
		compaction: { keepRecentTokens: 500, ...compaction },
	});
	return { scripted, session, harness, events };
}

describe("a provider overflow error", () => {
	it("is answered by one compaction and the same request is sent again", async () => {
		const { scripted, session, harness, events } = await setUp((index) =>
			index < 4 ? probe(index) : index === 4 ? overflow : { content: [{ type: "text", text: "Finished." }] },
		);
		const outcome = await harness.prompt("Probe until done.");

		expect(outcome).toEqual({ kind: "completed" });
		const ends = ofType(events, "compaction_end");
		expect(ends).toHaveLength(1);
		expect(ends[0]).toMatchObject({ reason: "overflow", ok: true, willRetry: true });
		// The retried request starts from the summary and does not carry the failed attempt.
		const retried = scripted.agentRequests()[5]!.context.messages;
		expect(textOf(retried[0])).toContain("<summary>");
		expect(retried.some((message) => message.role === "assistant" && message.stopReason === "error")).toBe(
			false,
		);
		// The failed attempt stays on the record.
		const failed = session
			.getBranch()
			.filter((entry) => entry.type === "message" && entry.message.role === "assistant")
			.filter(
				(entry) =>
					entry.type === "message" && "stopReason" in entry.message && entry.message.stopReason === "error",
			);
		expect(failed).toHaveLength(1);
		expect(ofType(events, "agent_end")).toHaveLength(1);
	});

	it("is retried at most once per turn: a second overflow is the final error, reported once", async () => {
		const { scripted, events, harness } = await setUp((index) => (index < 3 ? probe(index) : overflow));
		const outcome = await harness.prompt("Probe.");
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "overflow" } });
		expect(ofType(events, "compaction_end")).toHaveLength(1);
		expect(scripted.agentRequests()).toHaveLength(5);
		const ends = ofType(events, "agent_end");
		expect(ends).toHaveLength(1);
		expect(ends[0]!.outcome.kind).toBe("error");
	});

	it("gets a new compact-and-retry in a later turn", async () => {
		const { events, harness } = await setUp((index) =>
			index === 2 || index === 5
				? overflow
				: index < 7
					? probe(index)
					: { content: [{ type: "text", text: "ok" }] },
		);
		const outcome = await harness.prompt("Probe.");
		expect(outcome).toEqual({ kind: "completed" });
		expect(ofType(events, "compaction_end").map((event) => event.reason)).toEqual(["overflow", "overflow"]);
	});

	it("is not retried when compaction is disabled", async () => {
		const { scripted, events, harness } = await setUp((index) => (index < 2 ? probe(index) : overflow), {
			enabled: false,
		});
		const outcome = await harness.prompt("Probe.");
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "overflow" } });
		expect(ofType(events, "compaction_start")).toHaveLength(0);
		expect(scripted.summaryRequests()).toHaveLength(0);
	});

	it("falls back to the deterministic compaction when the summariser fails, and still retries", async () => {
		const scripted = scriptedModel({
			agent: (_request, index) =>
				index < 4 ? probe(index) : index === 4 ? overflow : { content: [{ type: "text", text: "Done." }] },
			summary: () => ({ content: [], error: { kind: "overloaded", message: "Overloaded" } }),
		});
		const { session, harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(4_000)],
			systemPrompt: "You run probes.",
			compaction: { keepRecentTokens: 500 },
		});
		const outcome = await harness.prompt("Probe.");
		expect(outcome).toEqual({ kind: "completed" });
		const [end] = ofType(events, "compaction_end");
		expect(end).toMatchObject({ reason: "overflow", ok: true, method: "fallback", willRetry: true });
		expect(end!.error).toBeTruthy();
		const entry = session.getBranch().find((candidate) => candidate.type === "compaction");
		expect(entry).toMatchObject({ method: "fallback" });
	});
});

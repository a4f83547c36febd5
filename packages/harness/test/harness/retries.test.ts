import type { FauxReply } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { harnessFor, ofType, scriptedModel } from "./support/scripted.js";

const ok: FauxReply = { content: [{ type: "text", text: "Hello!" }] };

async function setUp(replies: FauxReply[], retry: Record<string, number | boolean> = {}) {
	const scripted = scriptedModel({ agent: (_request, index) => replies[index] ?? ok });
	const { session, harness, events } = await harnessFor(scripted, {
		systemPrompt: "Be brief.",
		retry: { baseDelayMs: 1, maxDelayMs: 5, ...retry },
	});
	return { scripted, session, harness, events };
}

describe("retries", () => {
	it("waits as long as a 429 asks, retries an overloaded and a network error, then succeeds", async () => {
		const { scripted, session, harness, events } = await setUp([
			{ content: [], error: { kind: "rate_limit", message: "429 Too Many Requests", retryAfterMs: 40 } },
			{ content: [], error: { kind: "overloaded", message: "529 Overloaded" } },
			{ content: [{ type: "text", text: "Hel" }], error: { kind: "network", message: "socket hang up" } },
		]);
		const outcome = await harness.prompt("Hi");

		expect(outcome).toEqual({ kind: "completed" });
		const starts = ofType(events, "retry_start");
		expect(starts.map((event) => event.error.kind)).toEqual(["rate_limit", "overloaded", "network"]);
		expect(starts.map((event) => event.attempt)).toEqual([1, 2, 3]);
		expect(starts[0]!.delayMs).toBeGreaterThanOrEqual(40);
		expect(ofType(events, "retry_end")).toEqual([{ type: "retry_end", attempt: 3, success: true }]);
		// No failed attempt is sent back to the model.
		for (const request of scripted.agentRequests()) {
			expect(request.context.messages.map((message) => message.role)).toEqual(["user"]);
		}
		// Each failed attempt is on the record; the final answer follows them.
		const assistants = session
			.getBranch()
			.flatMap((entry) =>
				entry.type === "message" && entry.message.role === "assistant" ? [entry.message] : [],
			);
		expect(assistants.map((message) => message.stopReason)).toEqual(["error", "error", "error", "stop"]);
		expect(ofType(events, "agent_end")).toHaveLength(1);
	});

	it("gives up after maxAttempts and reports the final error once", async () => {
		const failure: FauxReply = { content: [], error: { kind: "overloaded", message: "Overloaded" } };
		const { scripted, harness, events } = await setUp([failure, failure, failure, failure, failure], {
			maxAttempts: 2,
		});
		const outcome = await harness.prompt("Hi");
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "overloaded" } });
		expect(scripted.agentRequests()).toHaveLength(3);
		expect(ofType(events, "retry_start")).toHaveLength(2);
		expect(ofType(events, "retry_end")).toMatchObject([{ attempt: 2, success: false }]);
		const ends = ofType(events, "agent_end");
		expect(ends).toHaveLength(1);
		expect(ends[0]!.outcome.kind).toBe("error");
	});

	it("does not retry errors that would fail again", async () => {
		const { scripted, harness, events } = await setUp([
			{ content: [], error: { kind: "auth", message: "invalid x-api-key" } },
		]);
		const outcome = await harness.prompt("Hi");
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "auth" } });
		expect(scripted.agentRequests()).toHaveLength(1);
		expect(ofType(events, "retry_start")).toHaveLength(0);
	});

	it("refuses to wait longer than maxRetryAfterMs", async () => {
		const { harness, events } = await setUp(
			[{ content: [], error: { kind: "rate_limit", message: "slow down", retryAfterMs: 3_600_000 } }],
			{ maxRetryAfterMs: 60_000 },
		);
		const outcome = await harness.prompt("Hi");
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "rate_limit" } });
		expect(ofType(events, "retry_start")).toHaveLength(0);
	});

	it("an abort during the wait ends the prompt as aborted, without another request", async () => {
		const { scripted, harness, events } = await setUp(
			[{ content: [], error: { kind: "rate_limit", message: "429", retryAfterMs: 60_000 } }],
			{ maxRetryAfterMs: 120_000 },
		);
		harness.subscribe((event) => {
			if (event.type === "retry_start") harness.abort();
		});
		const outcome = await harness.prompt("Hi");
		expect(outcome).toEqual({ kind: "aborted" });
		expect(scripted.agentRequests()).toHaveLength(1);
		expect(ofType(events, "retry_end")).toMatchObject([{ success: false }]);
		expect(harness.running).toBe(false);
	});

	it("can be turned off", async () => {
		const { scripted, harness } = await setUp(
			[{ content: [], error: { kind: "overloaded", message: "Overloaded" } }],
			{
				enabled: false,
			},
		);
		const outcome = await harness.prompt("Hi");
		expect(outcome.kind).toBe("error");
		expect(scripted.agentRequests()).toHaveLength(1);
	});
});

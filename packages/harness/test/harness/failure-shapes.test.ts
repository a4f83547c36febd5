import { describe, expect, it } from "vitest";
import { HarnessError } from "../../src/index.js";
import { harnessFor, ofType, scriptedModel } from "./support/scripted.js";

// Every failure of a run reaches the caller as the run's outcome; only misuse and a
// listener's own throw reject (issue 16).

describe("compaction that cannot help", () => {
	it("ends the prompt with a compaction_ineffective outcome (not a rejection) on the first-threshold and overflow path", async () => {
		// Three earlier exchanges of about 10,000 tokens each, written with a large window.
		const roomy = scriptedModel({
			agent: () => ({ content: [{ type: "text", text: "ok ".repeat(13_000) }] }),
		});
		const { session, harness: writer } = await harnessFor(roomy, { compaction: { enabled: false } });
		for (const step of ["one", "two", "three"]) await writer.prompt(`Step ${step}.`);
		// A summariser that writes more than the whole window: no compaction brings the context under the limit.
		const scripted = scriptedModel({
			contextWindow: 40_000,
			agent: () => ({ content: [{ type: "text", text: "never answered" }] }),
			summary: () => ({ content: [{ type: "text", text: "## Goal\n".concat("detail ".repeat(21_000)) }] }),
		});
		const { harness, events } = await harnessFor(scripted, { session });

		const outcome = await harness.prompt("Go on.");

		expect(outcome).toMatchObject({
			kind: "error",
			error: { kind: "unknown", code: "compaction_ineffective" },
		});
		if (outcome.kind !== "error") return;
		expect(outcome.message).toMatch(/after two compactions/);
		// Two compactions (before the first request, then after the provider's refusal), one run.
		expect(ofType(events, "compaction_end").map((event) => event.reason)).toEqual(["threshold", "overflow"]);
		expect(scripted.overflows).toBe(1);
		expect(ofType(events, "agent_start")).toHaveLength(1);
		expect(ofType(events, "agent_end")).toEqual([expect.objectContaining({ outcome })]);
		expect(harness.running).toBe(false);
	});
});

describe("misuse and listener throws", () => {
	it("continue() on an empty session rejects with nothing_to_continue before any event", async () => {
		const scripted = scriptedModel({ agent: () => ({ content: [{ type: "text", text: "Hi." }] }) });
		const { harness, events } = await harnessFor(scripted);
		await expect(harness.continue()).rejects.toMatchObject({ code: "nothing_to_continue" });
		await expect(harness.continue()).rejects.toBeInstanceOf(HarnessError);
		expect(events).toEqual([]);
		expect(scripted.requests).toHaveLength(0);
		// The harness stays usable.
		expect(await harness.prompt("Hello")).toEqual({ kind: "completed" });
		await expect(harness.continue()).rejects.toMatchObject({ code: "nothing_to_continue" });
	});

	it("a listener that throws ends the run: prompt() rejects with its error, and agent_end still reaches the listeners", async () => {
		const scripted = scriptedModel({ agent: () => ({ content: [{ type: "text", text: "Answer." }] }) });
		const { harness, events } = await harnessFor(scripted);
		const trouble = new Error("the UI broke");
		harness.subscribe((event) => {
			if (event.type === "message_end" && event.message.role === "assistant") throw trouble;
		});
		await expect(harness.prompt("Hi")).rejects.toBe(trouble);
		expect(ofType(events, "agent_end")).toEqual([
			expect.objectContaining({
				outcome: expect.objectContaining({ kind: "error", message: "the UI broke" }),
			}),
		]);
		expect(harness.running).toBe(false);
	});
});

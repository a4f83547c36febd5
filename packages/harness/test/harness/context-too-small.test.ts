import type { AssistantMessage } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { bulkyTool, harnessFor, ofType, scriptedModel } from "./support/scripted.js";

// About 12,000 tokens of instructions: more than an 8,000-token window holds.
const LONG_RULES = "Follow the house rules. ".repeat(2_000);

/** What the message must say, and must not: no hook, no compaction internals. */
function expectUserWords(text: string, window: string): void {
	expect(text).toMatch(/^The system prompt and the definitions of 1 tool take about [\d,]+ tokens/);
	expect(text).toContain(`${window}-token context window of faux/`);
	expect(text).toContain("Enable fewer tools (or none)");
	expect(text).toContain("shorten the context files");
	expect(text).toContain("pick a model with a larger context window");
	expect(text).not.toMatch(/prepareNextTurn|hook|compaction|HarnessError/);
}

describe("a context window too small for the system prompt and tools", () => {
	it("stops the first prompt before any request, with the figures and what to do", async () => {
		const scripted = scriptedModel({
			contextWindow: 8_000,
			agent: () => ({ content: [{ type: "text", text: "never asked" }] }),
		});
		const { session, harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(10)],
			systemPrompt: LONG_RULES,
		});

		const outcome = await harness.prompt("Hi");

		expect(outcome).toMatchObject({
			kind: "error",
			error: { kind: "invalid_request", code: "context_too_small" },
		});
		if (outcome.kind !== "error") return;
		expectUserWords(outcome.message, "8,000");
		// The room is the compaction limit: here a quarter of the window, as the default
		// reserve for the answer is larger than the window.
		expect(outcome.message).toContain("more than the 2,000 tokens that the 8,000-token context window");
		expect(scripted.requests).toHaveLength(0);
		expect(ofType(events, "compaction_start")).toHaveLength(0);
		expect(ofType(events, "agent_end")).toEqual([expect.objectContaining({ outcome })]);
		expect(session.buildContext().messages).toEqual([]);
	});

	it("measures against the whole window when compaction is off", async () => {
		const scripted = scriptedModel({
			contextWindow: 8_000,
			agent: () => ({ content: [{ type: "text", text: "never asked" }] }),
		});
		const { harness } = await harnessFor(scripted, {
			tools: [bulkyTool(10)],
			systemPrompt: LONG_RULES,
			compaction: { enabled: false },
		});
		const outcome = await harness.prompt("Hi");
		expect(outcome).toMatchObject({ kind: "error", error: { code: "context_too_small" } });
		if (outcome.kind === "error")
			expect(outcome.message).toContain("more than the whole 8,000-token context window");
		expect(scripted.requests).toHaveLength(0);
	});

	it("lets a prompt run when the instructions fit", async () => {
		const scripted = scriptedModel({
			contextWindow: 100_000,
			agent: () => ({ content: [{ type: "text", text: "fits" }] }),
		});
		const { harness } = await harnessFor(scripted, { tools: [bulkyTool(10)], systemPrompt: LONG_RULES });
		expect(await harness.prompt("Hi")).toEqual({ kind: "completed" });
	});

	it("stops before the next request after a switch to a smaller model mid-run, in the same words", async () => {
		const scripted = scriptedModel({
			contextWindow: 200_000,
			agent: (_request, index) =>
				index === 0
					? { content: [{ type: "toolCall", name: "probe", arguments: { step: 0 } }] }
					: { content: [{ type: "text", text: "never asked" }] },
		});
		const { session, harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(10)],
			systemPrompt: LONG_RULES,
		});
		const small = { ...scripted.model, id: "small-model", contextWindow: 8_000 };
		harness.subscribe((event) => {
			if (event.type === "tool_execution_start") void harness.setModel(small);
		});

		const outcome = await harness.prompt("Probe once.");

		expect(outcome).toMatchObject({
			kind: "error",
			error: { kind: "invalid_request", code: "context_too_small" },
		});
		if (outcome.kind !== "error") return;
		expectUserWords(outcome.message, "8,000");
		expect(outcome.message).toContain("faux/small-model");
		expect(scripted.agentRequests()).toHaveLength(1);
		// The run's last message, as persisted and shown, says the same.
		const last = session.buildContext().messages.at(-1) as AssistantMessage;
		expect(last).toMatchObject({ role: "assistant", stopReason: "error", errorMessage: outcome.message });
		expect(last.error).toEqual({ kind: "invalid_request", code: "context_too_small" });
		expect(ofType(events, "agent_end")).toEqual([expect.objectContaining({ outcome })]);
		// Nothing after it: no compaction (it could not shrink the instructions), no retry.
		expect(session.getBranch().at(-1)).toMatchObject({ type: "message", message: { stopReason: "error" } });
		expect(ofType(events, "compaction_start")).toHaveLength(0);
		expect(scripted.summaryRequests()).toHaveLength(0);
	});
});

import { describe, expect, it } from "vitest";
import { bulkyTool, harnessFor, ofType, requestTokens, scriptedModel, textOf } from "./support/scripted.js";

const STEPS = 40;

function toolLoop(options: { usage?: (index: number) => number } = {}) {
	return scriptedModel({
		contextWindow: 100_000,
		agent: (_request, index) =>
			index < STEPS
				? {
						content: [{ type: "toolCall", name: "probe", arguments: { step: index } }],
						usage: options.usage ? { input: options.usage(index), output: 20 } : undefined,
					}
				: { content: [{ type: "text", text: "All 40 steps are done." }] },
	});
}

describe("compaction inside a long tool loop", () => {
	it("compacts once before the provider would refuse, and the loop goes on by itself (no usage reported)", async () => {
		const scripted = toolLoop();
		const tool = bulkyTool(12_000);
		const { session, harness, events } = await harnessFor(scripted, {
			tools: [tool],
			systemPrompt: "You run probes.",
		});

		const outcome = await harness.prompt("Run the 40 probes, one per turn.");

		expect(outcome).toEqual({ kind: "completed" });
		expect(scripted.overflows).toBe(0);
		const compactions = ofType(events, "compaction_end");
		expect(compactions).toHaveLength(1);
		expect(compactions[0]).toMatchObject({
			reason: "threshold",
			ok: true,
			method: "summary",
			willRetry: false,
		});
		expect(compactions[0]!.tokensAfter).toBeLessThan(compactions[0]!.tokensBefore);
		// Every step ran exactly once: nothing repeated, nothing skipped, no user input needed.
		expect(tool.calls).toBe(STEPS);
		const agentRequests = scripted.agentRequests();
		expect(agentRequests).toHaveLength(STEPS + 1);
		for (const request of agentRequests) {
			expect(requestTokens(request.context)).toBeLessThanOrEqual(scripted.model.contextWindow);
		}
		const steps = session
			.getBranch()
			.flatMap((entry) =>
				entry.type === "message" && entry.message.role === "assistant"
					? entry.message.content.flatMap((block) =>
							block.type === "toolCall" ? [(block.arguments as { step: number }).step] : [],
						)
					: [],
			);
		expect(steps).toEqual(Array.from({ length: STEPS }, (_, index) => index));
		expect(ofType(events, "agent_start")).toHaveLength(1);
		expect(ofType(events, "agent_end")).toHaveLength(1);
		// After the compaction the model sees the summary first, and the prompt only through it.
		const last = agentRequests.at(-1)!.context.messages;
		expect(textOf(last[0])).toContain("<summary>");
		expect(last.some((message) => textOf(message).includes("Run the 40 probes"))).toBe(false);
		// The compaction is on the session's path, with its token figures.
		const entry = session.getBranch().find((candidate) => candidate.type === "compaction");
		expect(entry).toMatchObject({ type: "compaction", reason: "threshold", method: "summary" });
	});

	it("uses the provider's reported usage when it is larger than the local estimate", async () => {
		// The third response reports 90,000 input tokens (images, hidden system tokens…): over the limit.
		const scripted = toolLoop({ usage: (index) => (index === 2 ? 90_000 : 100) });
		const { harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(400)],
			systemPrompt: "You run probes.",
			compaction: { keepRecentTokens: 200 },
		});
		await harness.prompt("Go.");
		const starts = ofType(events, "compaction_start");
		expect(starts.length).toBeGreaterThanOrEqual(1);
		expect(starts[0]!.tokens).toBeGreaterThanOrEqual(90_000);
		// It ran right after the third turn, not at the end.
		const firstCompaction = events.indexOf(starts[0]!);
		const turnsBefore = events.slice(0, firstCompaction).filter((event) => event.type === "turn_end").length;
		expect(turnsBefore).toBe(3);
	});

	it("never compacts when compaction is disabled, even past the window", async () => {
		const scripted = toolLoop();
		const { session, harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(12_000)],
			systemPrompt: "You run probes.",
			compaction: { enabled: false },
		});
		const outcome = await harness.prompt("Go.");
		expect(ofType(events, "compaction_start")).toHaveLength(0);
		expect(scripted.summaryRequests()).toHaveLength(0);
		// The provider refused once the context was too large, and the overflow was not retried.
		expect(scripted.overflows).toBe(1);
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "overflow" } });
		expect(session.getBranch().some((entry) => entry.type === "compaction")).toBe(false);
	});
});

describe("a context that no compaction can shrink", () => {
	it("stops the run before any request when the instructions alone are over the limit", async () => {
		const scripted = scriptedModel({
			contextWindow: 40_000,
			agent: (_request, index) => ({
				content: [{ type: "toolCall", name: "probe", arguments: { step: index } }],
			}),
		});
		const { harness, events } = await harnessFor(scripted, {
			tools: [bulkyTool(10)],
			// 25,000 tokens of instructions: over the 23,616-token limit whatever is compacted.
			systemPrompt: "Follow the house rules. ".repeat(4_200),
		});
		const outcome = await harness.prompt("Hi");
		// No compaction can shrink the instructions: the run stops before any request
		// (context-too-small.test.ts has the message).
		expect(outcome).toMatchObject({ kind: "error", error: { code: "context_too_small" } });
		expect(ofType(events, "compaction_start")).toHaveLength(0);
		expect(ofType(events, "agent_end")).toHaveLength(1);
		expect(scripted.requests).toHaveLength(0);
	});
});

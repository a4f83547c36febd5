import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import {
	maxCostUsd,
	maxToolCalls,
	maxTurns,
	runBudget,
	type ShouldStopAfterTurn,
	stopWhenAny,
} from "../src/index.js";
import { createHarness, lastAgentEnd, scripted, textResult, tool } from "./helpers.js";

const work = tool("work", async () => textResult("worked"));

/** A model that calls `work` (`calls` times per reply) forever. */
function endlessToolUser(calls = 1) {
	const harness = createHarness();
	for (let turn = 0; turn < 20; turn++) {
		harness.faux.enqueue({
			content: Array.from({ length: calls }, (_, index) => fauxToolCall("work", {}, `call_${turn}_${index}`)),
			usage: { input: 1000, output: 500 },
		});
	}
	return harness;
}

describe("run budgets", () => {
	it("maxTurns ends the run after that many model calls and says so", async () => {
		const harness = endlessToolUser();
		const { events } = await harness.run([work], {
			shouldStopAfterTurn: maxTurns(3),
		});
		expect(harness.faux.requests).toHaveLength(3);
		const end = lastAgentEnd(events);
		expect(end.outcome).toEqual({
			kind: "stopped",
			stop: { reason: "max_turns", message: "Stopped after 3 turns (limit 3)." },
		});
		expect(end.stats).toMatchObject({ turns: 3, toolCalls: 3 });
	});

	it("maxToolCalls ends the run after the turn whose calls reach the limit, never inside a batch", async () => {
		const harness = endlessToolUser(2);
		const { events, messages } = await harness.run([work], {
			shouldStopAfterTurn: maxToolCalls(3),
		});
		expect(harness.faux.requests).toHaveLength(2);
		expect(messages.filter((message) => message.role === "toolResult")).toHaveLength(4);
		expect(lastAgentEnd(events).outcome).toMatchObject({
			kind: "stopped",
			stop: { reason: "max_tool_calls" },
		});
	});

	it("maxCostUsd ends the run once the summed cost of its responses reaches the limit", async () => {
		const harness = endlessToolUser();
		const model = harness.faux.model({ cost: { input: 3, output: 15, cacheRead: 0, cacheWrite: 0 } });
		// 1000 input tokens at $3/M + 500 output tokens at $15/M = $0.0105 per turn.
		const { events } = await harness.run([work], {
			model,
			shouldStopAfterTurn: maxCostUsd(0.02),
		});
		expect(harness.faux.requests).toHaveLength(2);
		const end = lastAgentEnd(events);
		expect(end.stats.usage.cost.total).toBeCloseTo(0.021, 10);
		expect(end.stats.usage).toMatchObject({ input: 2000, output: 1000, totalTokens: 3000 });
		expect(end.outcome).toEqual({
			kind: "stopped",
			stop: { reason: "max_cost", message: "Stopped after spending $0.0210 (limit $0.02)." },
		});
	});

	it("stopWhenAny asks its conditions in order and the first that stops gives the reason", async () => {
		const harness = endlessToolUser();
		const asked: string[] = [];
		const custom: ShouldStopAfterTurn = ({ stats }) => {
			asked.push(`custom@${stats.turns}`);
			return stats.turns >= 2 ? { reason: "custom" } : false;
		};
		const { events } = await harness.run([work], {
			shouldStopAfterTurn: stopWhenAny(undefined, custom, maxTurns(2)),
		});
		expect(asked).toEqual(["custom@1", "custom@2"]);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "stopped", stop: { reason: "custom" } });
	});

	it("runBudget combines the limits it is given", async () => {
		const harness = endlessToolUser();
		const { events } = await harness.run([work], {
			shouldStopAfterTurn: runBudget({ maxTurns: 5, maxToolCalls: 2 }),
		});
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toMatchObject({ stop: { reason: "max_tool_calls" } });
	});

	it("hold no state between runs: one budget serves several runs", async () => {
		const budget = maxTurns(2);
		for (let run = 0; run < 2; run++) {
			const harness = endlessToolUser();
			await harness.run([work], { shouldStopAfterTurn: budget });
			expect(harness.faux.requests).toHaveLength(2);
		}
	});

	it("do not report a stop when the run ends before reaching them", async () => {
		const harness = scripted({ content: [fauxText("done")] });
		const { events } = await harness.run([], { shouldStopAfterTurn: maxTurns(5) });
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});

	it("refuse limits that make no sense", () => {
		expect(() => maxTurns(0)).toThrow(RangeError);
		expect(() => maxTurns(1.5)).toThrow(RangeError);
		expect(() => maxToolCalls(-1)).toThrow(RangeError);
		expect(() => maxCostUsd(0)).toThrow(RangeError);
		expect(() => maxCostUsd(Number.NaN)).toThrow(RangeError);
	});
});

import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import {
	context,
	createHarness,
	labels,
	lastAgentEnd,
	ofType,
	runToEnd,
	scripted,
	textResult,
	tool,
	user,
} from "./helpers.js";

describe('a response cut off by the output limit (stopReason "length")', () => {
	it("runs none of its tool calls, answers each with a closed start/end pair and an error, and goes on", async () => {
		const harness = createHarness();
		const executed: string[] = [];
		const write = tool("write", async () => {
			executed.push("write");
			return textResult("written");
		});
		harness.faux.enqueue(
			{
				content: [
					fauxToolCall("write", { value: "a" }, "call_1"),
					fauxToolCall("write", { value: "b" }, "call_2"),
				],
				stopReason: "length",
			},
			{ content: [fauxText("retrying in smaller steps")] },
		);
		const { events } = await runToEnd(harness, [user("write two files")], context([], [write]));

		expect(executed).toEqual([]);
		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:call_1",
			"tool_execution_end:call_1",
			"message_start:toolResult:call_1",
			"message_end:toolResult:call_1",
			"tool_execution_start:call_2",
			"tool_execution_end:call_2",
			"message_start:toolResult:call_2",
			"message_end:toolResult:call_2",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const results = ofType(events, "turn_end")[0]?.toolResults ?? [];
		for (const result of results) {
			expect(result.isError).toBe(true);
			expect(result.content[0]).toMatchObject({ type: "text" });
			expect(result.content[0]?.type === "text" && result.content[0].text).toContain("output token limit");
			expect(result.content[0]?.type === "text" && result.content[0].text).toContain("truncated");
		}
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});

	it("ends the run normally when the cut-off response has no tool calls", async () => {
		const harness = scripted({ content: [fauxText("a very long ans")], stopReason: "length" });
		const { events } = await runToEnd(harness, [user("tell me everything")], context());
		expect(harness.faux.requests).toHaveLength(1);
		expect(ofType(events, "turn_end")[0]?.message.stopReason).toBe("length");
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});
});

import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentToolResult } from "../src/index.js";
import {
	context,
	createHarness,
	type Deferred,
	deferred,
	labels,
	ofType,
	startRun,
	textResult,
	tool,
	until,
	user,
} from "./helpers.js";

/** Three tools that finish when the test says so. */
function gatedTools() {
	const gates: Record<string, Deferred<AgentToolResult>> = { a: deferred(), b: deferred(), c: deferred() };
	const started: string[] = [];
	const tools = ["a", "b", "c"].map((name) =>
		tool(name, () => {
			started.push(name);
			return gates[name]!.promise;
		}),
	);
	return { gates, started, tools };
}

describe("parallel tool batches", () => {
	it("emits tool_execution_end in completion order and tool-result messages in source order", async () => {
		const harness = createHarness();
		const { gates, started, tools } = gatedTools();
		harness.faux.enqueue(
			{
				content: [
					fauxToolCall("a", {}, "call_a"),
					fauxToolCall("b", {}, "call_b"),
					fauxToolCall("c", {}, "call_c"),
				],
			},
			{ content: [fauxText("done")] },
		);
		const run = startRun(harness, [user("go")], context([], tools));
		await until(() => started.length === 3, "all three tools to start");
		expect(started).toEqual(["a", "b", "c"]);
		const ended = () => labels(run.events).filter((label) => label.startsWith("tool_execution_end"));
		gates.c!.resolve(textResult("C"));
		await until(() => ended().length === 1, "c to end");
		gates.a!.resolve(textResult("A"));
		await until(() => ended().length === 2, "a to end");
		gates.b!.resolve(textResult("B"));
		const { events } = await run.done;

		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:call_a",
			"tool_execution_start:call_b",
			"tool_execution_start:call_c",
			"tool_execution_end:call_c",
			"tool_execution_end:call_a",
			"tool_execution_end:call_b",
			"message_start:toolResult:call_a",
			"message_end:toolResult:call_a",
			"message_start:toolResult:call_b",
			"message_end:toolResult:call_b",
			"message_start:toolResult:call_c",
			"message_end:toolResult:call_c",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const turnEnd = ofType(events, "turn_end")[0];
		expect(turnEnd?.toolResults.map((result) => result.content)).toEqual([
			[{ type: "text", text: "A" }],
			[{ type: "text", text: "B" }],
			[{ type: "text", text: "C" }],
		]);
	});

	it("prepares every call in source order before any call executes", async () => {
		const harness = createHarness();
		const log: string[] = [];
		const tools = ["a", "b"].map((name) =>
			tool(name, async () => {
				log.push(`execute:${name}`);
				return textResult(name);
			}),
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("a", {}, "call_a"), fauxToolCall("b", {}, "call_b")] },
			{ content: [fauxText("done")] },
		);
		await harness.run(tools, {
			beforeToolCall: async ({ toolCall }) => {
				log.push(`before:${toolCall.name}`);
				return undefined;
			},
		});
		expect(log).toEqual(["before:a", "before:b", "execute:a", "execute:b"]);
	});

	it("ends a call that fails preparation during the preparation pass, before the others run", async () => {
		const harness = createHarness();
		const gate = deferred<AgentToolResult>();
		const slow = tool("slow", () => gate.promise);
		harness.faux.enqueue(
			{ content: [fauxToolCall("slow", {}, "call_slow"), fauxToolCall("missing", {}, "call_missing")] },
			{ content: [fauxText("done")] },
		);
		const running = harness.run([slow]);
		await until(() => harness.faux.requests.length === 1);
		gate.resolve(textResult("slow done"));
		const { events } = await running;
		expect(labels(events).filter((label) => label.startsWith("tool_execution"))).toEqual([
			"tool_execution_start:call_slow",
			"tool_execution_start:call_missing",
			"tool_execution_end:call_missing",
			"tool_execution_end:call_slow",
		]);
		const missing = ofType(events, "tool_execution_end").find((event) => event.toolCallId === "call_missing");
		expect(missing?.isError).toBe(true);
		expect(missing?.result.content).toEqual([
			{ type: "text", text: 'Tool "missing" not found. Available tools: slow.' },
		]);
	});
});

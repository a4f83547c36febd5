import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import {
	context,
	createHarness,
	deferred,
	echoTool,
	labels,
	lastAgentEnd,
	ofType,
	runToEnd,
	scripted,
	settle,
	textResult,
	tool,
	user,
} from "./helpers.js";

describe("event order of a run without tools", () => {
	it("emits agent_start, turn_start before the prompt's events, the assistant message, turn_end, agent_end", async () => {
		const harness = scripted({ content: [fauxText("Hello there")] });
		const { events, messages } = await runToEnd(harness, [user("Hi")], context());

		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});

	it("emits one message_update per provider event after start, each carrying that event", async () => {
		const harness = createHarness({ deltaSize: 5 });
		harness.faux.enqueue({ content: [fauxText("abcdefghij")] });
		const { events } = await runToEnd(harness, [user("Hi")], context());
		expect(labels(events, { updates: true }).filter((label) => label.startsWith("message_update"))).toEqual([
			"message_update:text_start",
			"message_update:text_delta",
			"message_update:text_delta",
			"message_update:text_end",
		]);
	});
});

describe("sequential tool batches", () => {
	it("runs each call start → execute → end → result message before the next call starts", async () => {
		const harness = createHarness();
		const log: string[] = [];
		const slow = tool("slow", async () => {
			log.push("slow:execute");
			await settle();
			return textResult("slow done");
		});
		const fast = tool("fast", async () => {
			log.push("fast:execute");
			return textResult("fast done");
		});
		harness.faux.enqueue(
			{ content: [fauxToolCall("slow", {}, "call_a"), fauxToolCall("fast", {}, "call_b")] },
			{ content: [fauxText("done")] },
		);
		const { events } = await harness.run([slow, fast], {
			toolExecution: "sequential",
		});

		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:call_a",
			"tool_execution_end:call_a",
			"message_start:toolResult:call_a",
			"message_end:toolResult:call_a",
			"tool_execution_start:call_b",
			"tool_execution_end:call_b",
			"message_start:toolResult:call_b",
			"message_end:toolResult:call_b",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(log).toEqual(["slow:execute", "fast:execute"]);
		const turnEnd = ofType(events, "turn_end")[0];
		expect(turnEnd?.toolResults.map((result) => result.toolCallId)).toEqual(["call_a", "call_b"]);
	});

	it("makes the whole batch sequential when one called tool declares executionMode sequential", async () => {
		const harness = createHarness();
		const firstGate = deferred();
		const started: string[] = [];
		const first = tool("first", async () => {
			started.push("first");
			await firstGate.promise;
			return textResult("first done");
		});
		const second = tool(
			"second",
			async () => {
				started.push("second");
				return textResult("second done");
			},
			{ executionMode: "sequential" },
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("first", {}, "call_1"), fauxToolCall("second", {}, "call_2")] },
			{ content: [fauxText("done")] },
		);
		const running = harness.run([first, second]);
		await settle();
		await settle();
		expect(started).toEqual(["first"]);
		firstGate.resolve();
		const { events } = await running;
		expect(started).toEqual(["first", "second"]);
		expect(labels(events).filter((label) => label.startsWith("tool_execution"))).toEqual([
			"tool_execution_start:call_1",
			"tool_execution_end:call_1",
			"tool_execution_start:call_2",
			"tool_execution_end:call_2",
		]);
	});

	it("feeds the tool results back to the model in the next request, after the assistant message", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("echo", { value: "x" }, "call_1")] },
			{ content: [fauxText("ok")] },
		);
		await harness.run([echoTool("echo")], { toolExecution: "sequential" });
		const second = harness.faux.requests[1];
		expect(second?.context.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
		]);
		const result = second?.context.messages[2];
		expect(result?.role === "toolResult" && result.content).toEqual([{ type: "text", text: "echo:x" }]);
	});
});

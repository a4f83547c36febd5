import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AgentToolResult } from "../src/index.js";
import {
	context,
	createHarness,
	deferred,
	labels,
	lastAgentEnd,
	runToEnd,
	scripted,
	startRun,
	textResult,
	tool,
	until,
	user,
} from "./helpers.js";

describe("steering messages", () => {
	it("lets a tool batch complete, then injects a message that arrived during it before the next model call", async () => {
		const harness = createHarness();
		const queue: AgentMessage[] = [];
		const gates = { a: deferred<AgentToolResult>(), b: deferred<AgentToolResult>() };
		let started = 0;
		const tools = (["a", "b"] as const).map((name) =>
			tool(name, () => {
				started += 1;
				return gates[name].promise;
			}),
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("a", {}, "call_a"), fauxToolCall("b", {}, "call_b")] },
			{ content: [fauxText("changed course")] },
		);
		const run = startRun(harness, [user("go")], context([], tools), {
			getSteeringMessages: () => queue.splice(0),
		});
		await until(() => started === 2, "both tools to start");
		queue.push(user("actually, stop and do X", 2));
		gates.a.resolve(textResult("A"));
		gates.b.resolve(textResult("B"));
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
			"tool_execution_end:call_a",
			"tool_execution_end:call_b",
			"message_start:toolResult:call_a",
			"message_end:toolResult:call_a",
			"message_start:toolResult:call_b",
			"message_end:toolResult:call_b",
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const secondRequest = harness.faux.requests[1]?.context.messages ?? [];
		expect(secondRequest.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"toolResult",
			"user",
		]);
		expect(secondRequest.at(-1)).toMatchObject({ content: "actually, stop and do X" });
	});

	it("polls once before the first model call and injects what is queued after the prompts", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		const queue: AgentMessage[] = [user("queued before the run", 2)];
		const { events } = await runToEnd(harness, [user("prompt")], context(), {
			getSteeringMessages: () => queue.splice(0),
		});
		expect(labels(events).slice(0, 7)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
		]);
		expect(harness.faux.requests[0]?.context.messages.map((message) => message.content)).toEqual([
			"prompt",
			"queued before the run",
		]);
	});

	it("polls once before the first turn and once after every turn", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("a", {}, "call_1")] },
			{ content: [fauxToolCall("a", {}, "call_2")] },
			{ content: [fauxText("done")] },
		);
		let polls = 0;
		await harness.run([tool("a", async () => textResult("A"))], {
			getSteeringMessages: () => {
				polls += 1;
				return [];
			},
		});
		expect(polls).toBe(1 + 3);
	});

	it("keeps the run going when a steering message arrives after a turn without tool calls", async () => {
		const harness = scripted(
			{ content: [fauxText("first answer")] },
			{ content: [fauxText("second answer")] },
		);
		const queue: AgentMessage[] = [];
		const { events } = await harness.run([], {
			getSteeringMessages: () => queue.splice(0),
			prepareNextTurn: () => {
				if (harness.faux.requests.length === 1) queue.push(user("one more thing", 2));
				return undefined;
			},
		});
		expect(labels(events).filter((label) => label === "turn_start")).toHaveLength(2);
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});
});

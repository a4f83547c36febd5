import type { AssistantMessage } from "@kestrel/ai";
import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AgentToolResult } from "../src/index.js";
import {
	context,
	createHarness,
	deferred,
	labels,
	lastAgentEnd,
	ofType,
	runToEnd,
	scripted,
	startRun,
	textOf,
	textResult,
	tool,
	until,
	user,
} from "./helpers.js";

/** Every tool call in the transcript has exactly one result: what a persisted session needs. */
function expectEveryCallAnswered(messages: readonly AgentMessage[]): void {
	const calls: string[] = [];
	const answers: string[] = [];
	for (const message of messages) {
		if (message.role === "assistant") {
			for (const block of message.content) if (block.type === "toolCall") calls.push(block.id);
		}
		if (message.role === "toolResult") answers.push(message.toolCallId);
	}
	expect(answers.sort()).toEqual(calls.sort());
}

/** A tool that waits until the signal fires, then fails with the abort. */
const waitsForAbort = (name: string, started: string[]) =>
	tool(name, (_args, signal) => {
		started.push(name);
		return new Promise<AgentToolResult>((_resolve, reject) => {
			signal.addEventListener("abort", () => reject(new Error(`${name} stopped by abort`)), { once: true });
		});
	});

describe("abort before the model call", () => {
	it("sends no request and ends with an aborted assistant message and a normal agent_end", async () => {
		const harness = scripted({ content: [fauxText("never")] });
		const controller = new AbortController();
		controller.abort();
		const { events, messages } = await harness.run([], {}, controller.signal);
		expect(harness.faux.requests).toHaveLength(0);
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
		const last = messages.at(-1) as AssistantMessage;
		expect(last).toMatchObject({ stopReason: "aborted", content: [], error: { kind: "aborted" } });
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "aborted" });
	});

	it("does not send the request when the abort comes while transformContext runs", async () => {
		const harness = scripted({ content: [fauxText("never")] });
		const controller = new AbortController();
		const { events } = await runToEnd(
			harness,
			[user("go")],
			context(),
			{
				transformContext: async (messages) => {
					controller.abort();
					return messages;
				},
			},
			controller.signal,
		);
		expect(harness.faux.requests).toHaveLength(0);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "aborted" });
	});
});

describe("abort while the response streams", () => {
	it("keeps the partial content, answers the partial tool call with an aborted result, and ends", async () => {
		const harness = createHarness({ deltaSize: 2, deltaDelayMs: 5 });
		harness.faux.enqueue({
			content: [fauxText("Let me write it."), fauxToolCall("write", { value: "a long argument" }, "call_1")],
		});
		const executed: string[] = [];
		const write = tool("write", async () => {
			executed.push("write");
			return textResult("written");
		});
		const controller = new AbortController();
		const run = startRun(harness, [user("go")], context([], [write]), {}, controller.signal);
		await until(() =>
			run.events.some(
				(event) => event.type === "message_update" && event.assistantMessageEvent.type === "toolcall_delta",
			),
		);
		controller.abort();
		const { events, messages } = await run.done;

		expect(executed).toEqual([]);
		expect(labels(events).slice(4)).toEqual([
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:call_1",
			"tool_execution_end:call_1",
			"message_start:toolResult:call_1",
			"message_end:toolResult:call_1",
			"turn_end",
			"agent_end",
		]);
		const assistant = ofType(events, "turn_end")[0]?.message;
		expect(assistant?.stopReason).toBe("aborted");
		expect(textOf(assistant)).toBe("Let me write it.");
		expect(textOf(ofType(events, "turn_end")[0]?.toolResults[0])).toContain("aborted");
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "aborted" });
		expectEveryCallAnswered(messages);
	});
});

describe("abort while tools run", () => {
	it("gives every call of a parallel batch a result and calls the model no more", async () => {
		const harness = createHarness();
		const started: string[] = [];
		harness.faux.enqueue(
			{ content: [fauxToolCall("a", {}, "call_a"), fauxToolCall("b", {}, "call_b")] },
			{ content: [fauxText("never")] },
		);
		const controller = new AbortController();
		let prepared = 0;
		const run = startRun(
			harness,
			[user("go")],
			context([], [waitsForAbort("a", started), waitsForAbort("b", started)]),
			{
				prepareNextTurn: () => {
					prepared += 1;
					return undefined;
				},
			},
			controller.signal,
		);
		await until(() => started.length === 2, "both tools to start");
		controller.abort();
		const { events, messages } = await run.done;

		expect(harness.faux.requests).toHaveLength(1);
		expect(prepared).toBe(0);
		const results = ofType(events, "turn_end")[0]?.toolResults ?? [];
		expect(results.map((result) => [result.toolCallId, result.isError, textOf(result)])).toEqual([
			["call_a", true, "a stopped by abort"],
			["call_b", true, "b stopped by abort"],
		]);
		expect(labels(events).slice(-2)).toEqual(["turn_end", "agent_end"]);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "aborted" });
		expectEveryCallAnswered(messages);
	});

	it("answers the calls after the running one in a sequential batch without asking beforeToolCall", async () => {
		const harness = createHarness();
		const started: string[] = [];
		harness.faux.enqueue({
			content: [
				fauxToolCall("a", {}, "call_a"),
				fauxToolCall("b", {}, "call_b"),
				fauxToolCall("b", {}, "call_c"),
			],
		});
		const asked: string[] = [];
		const controller = new AbortController();
		const run = startRun(
			harness,
			[user("go")],
			context([], [waitsForAbort("a", started), waitsForAbort("b", started)]),
			{
				toolExecution: "sequential",
				beforeToolCall: ({ toolCall }) => {
					asked.push(toolCall.id);
					return undefined;
				},
			},
			controller.signal,
		);
		await until(() => started.length === 1, "the first tool to start");
		controller.abort();
		const { events, messages } = await run.done;

		expect(started).toEqual(["a"]);
		expect(asked).toEqual(["call_a"]);
		expect(labels(events).filter((label) => label.startsWith("tool_execution"))).toEqual([
			"tool_execution_start:call_a",
			"tool_execution_end:call_a",
			"tool_execution_start:call_b",
			"tool_execution_end:call_b",
			"tool_execution_start:call_c",
			"tool_execution_end:call_c",
		]);
		const results = ofType(events, "turn_end")[0]?.toolResults ?? [];
		expect(results.map(textOf)).toEqual([
			"a stopped by abort",
			'Tool call "b" was not completed: the run was aborted.',
			'Tool call "b" was not completed: the run was aborted.',
		]);
		expectEveryCallAnswered(messages);
	});

	it("stops waiting for a tool that ignores the signal after toolAbortGraceMs and ignores its late result", async () => {
		const harness = createHarness();
		const gate = deferred<AgentToolResult>();
		let running = false;
		const stubborn = tool("stubborn", () => {
			running = true;
			return gate.promise;
		});
		harness.faux.enqueue({ content: [fauxToolCall("stubborn", {}, "call_1")] });
		const controller = new AbortController();
		const run = startRun(
			harness,
			[user("go")],
			context([], [stubborn]),
			{ toolAbortGraceMs: 0 },
			controller.signal,
		);
		await until(() => running, "the tool to start");
		controller.abort();
		const { events, messages } = await run.done;
		gate.resolve(textResult("too late"));

		const end = ofType(events, "tool_execution_end")[0];
		expect(end?.isError).toBe(true);
		expect(textOf({ role: "toolResult", ...end?.result } as AgentMessage)).toBe(
			'Tool call "stubborn" was not completed: the run was aborted.',
		);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "aborted" });
		expectEveryCallAnswered(messages);
	});
});

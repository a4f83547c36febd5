import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { type AgentEvent, type AgentToolUpdateCallback, runAgentLoop } from "../src/index.js";
import {
	context,
	createHarness,
	deferred,
	labels,
	ofType,
	settle,
	textResult,
	tool,
	user,
} from "./helpers.js";

describe("tool updates (onUpdate)", () => {
	it("are emitted in call order, all before the call's tool_execution_end", async () => {
		const harness = createHarness();
		const progress = tool("progress", async (_args, _signal, onUpdate) => {
			onUpdate(textResult("10%"));
			await settle();
			onUpdate(textResult("50%"));
			onUpdate(textResult("90%"));
			return textResult("done");
		});
		harness.faux.enqueue(
			{ content: [fauxToolCall("progress", {}, "call_1")] },
			{ content: [fauxText("ok")] },
		);
		const { events } = await harness.run([progress]);
		expect(labels(events).filter((label) => label.startsWith("tool_execution"))).toEqual([
			"tool_execution_start:call_1",
			"tool_execution_update:call_1",
			"tool_execution_update:call_1",
			"tool_execution_update:call_1",
			"tool_execution_end:call_1",
		]);
		expect(ofType(events, "tool_execution_update").map((event) => event.partialResult.content)).toEqual([
			[{ type: "text", text: "10%" }],
			[{ type: "text", text: "50%" }],
			[{ type: "text", text: "90%" }],
		]);
	});

	it("are flushed before the end event even when the listener is slow", async () => {
		const harness = createHarness();
		const progress = tool("progress", async (_args, _signal, onUpdate) => {
			onUpdate(textResult("1"));
			onUpdate(textResult("2"));
			return textResult("done");
		});
		harness.faux.enqueue(
			{ content: [fauxToolCall("progress", {}, "call_1")] },
			{ content: [fauxText("ok")] },
		);
		const seen: string[] = [];
		await runAgentLoop(
			[user("go")],
			context([], [progress]),
			harness.config(),
			async (event: AgentEvent) => {
				if (event.type === "tool_execution_update") {
					await settle();
					seen.push(
						`update ${event.partialResult.content[0]?.type === "text" && event.partialResult.content[0].text}`,
					);
				}
				if (event.type === "tool_execution_end") seen.push("end");
			},
			undefined,
			harness.streamFn,
		);
		expect(seen).toEqual(["update 1", "update 2", "end"]);
	});

	it("are ignored once the call has settled, resolved or thrown, while the batch still runs", async () => {
		const harness = createHarness();
		const lateSent = deferred();
		let pendingLate = 2;
		const sendLate = (onUpdate: AgentToolUpdateCallback) =>
			setTimeout(() => {
				onUpdate(textResult("late"));
				pendingLate -= 1;
				if (pendingLate === 0) lateSent.resolve();
			}, 0);
		const resolves = tool("resolves", async (_args, _signal, onUpdate) => {
			onUpdate(textResult("in time"));
			sendLate(onUpdate);
			return textResult("done");
		});
		const throws = tool("throws", async (_args, _signal, onUpdate) => {
			sendLate(onUpdate);
			throw new Error("failed");
		});
		// Keeps the batch open until both late updates have been attempted.
		const waits = tool("waits", async () => {
			await lateSent.promise;
			return textResult("waited");
		});
		harness.faux.enqueue(
			{
				content: [
					fauxToolCall("resolves", {}, "call_1"),
					fauxToolCall("throws", {}, "call_2"),
					fauxToolCall("waits", {}, "call_3"),
				],
			},
			{ content: [fauxText("ok")] },
		);
		const { events } = await harness.run([resolves, throws, waits]);
		const updates = ofType(events, "tool_execution_update");
		expect(updates.map((event) => [event.toolCallId, event.partialResult.content])).toEqual([
			["call_1", [{ type: "text", text: "in time" }]],
		]);
		expect(labels(events).filter((label) => label.startsWith("tool_execution_end"))).toEqual([
			"tool_execution_end:call_1",
			"tool_execution_end:call_2",
			"tool_execution_end:call_3",
		]);
	});
});

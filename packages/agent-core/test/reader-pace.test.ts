import { AssistantEventStream, EventStream, MessageAssembler } from "@kestrel/ai";
import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { type AgentEvent, agentLoop, runAgentLoop, type StreamFn } from "../src/index.js";
import { context, createHarness, echoTool, labels, scripted, user } from "./helpers.js";

const TURNS = 300;

/** `turns` replies of a sentence and three tool calls each, then a final answer. */
function longRun() {
	const harness = scripted(
		...Array.from({ length: TURNS }, (_, turn) => ({
			content: [
				fauxText(`Step ${turn}: three calls.`),
				fauxToolCall("a", { value: String(turn) }),
				fauxToolCall("b", { value: String(turn) }),
				fauxToolCall("c", { value: String(turn) }),
			],
		})),
		{ content: [fauxText("done")] },
	);
	const tools = [echoTool("a"), echoTool("b"), echoTool("c")];
	return { harness, tools };
}

describe("a for await reader of agentLoop", () => {
	it("stays within a few dozen events of the loop over a long run", async () => {
		const { harness, tools } = longRun();
		const stream = agentLoop([user("go")], context([], tools), harness.config(), undefined, harness.streamFn);
		expect(stream).toBeInstanceOf(EventStream);
		const queue = stream as EventStream<AgentEvent, unknown>;
		let events = 0;
		let furthestBehind = 0;
		for await (const _event of stream) {
			events += 1;
			furthestBehind = Math.max(furthestBehind, queue.unread);
		}
		// Around each tool batch the loop emits several events per microtask turn; without
		// waiting for the reader it ran about four events further ahead every turn (1,200 here).
		expect(furthestBehind).toBeLessThanOrEqual(64);
		expect(events).toBeGreaterThan(TURNS * 20);
		expect((await stream.result()).length).toBe(1 + TURNS * 4 + 1);
	});

	it("does not hold the run up when the reader waits on something else, or when nobody reads", async () => {
		const { harness, tools } = longRun();
		const stream = agentLoop([user("go")], context([], tools), harness.config(), undefined, harness.streamFn);
		const seen: AgentEvent[] = [];
		for await (const event of stream) {
			seen.push(event);
			// A reader that writes to a slow terminal now and then.
			if (seen.length % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
		}
		expect(seen.at(-1)?.type).toBe("agent_end");
		expect(seen.filter((event) => event.type === "turn_end")).toHaveLength(TURNS + 1);

		const unread = longRun();
		const ignored = agentLoop(
			[user("go")],
			context([], unread.tools),
			unread.harness.config(),
			undefined,
			unread.harness.streamFn,
		);
		expect((await ignored.result()).length).toBe(1 + TURNS * 4 + 1);
	});
});

describe("a provider stream that is already ahead of the loop", () => {
	it("is read in order, with every update emitted", async () => {
		// Kestrel's own stream, every event pushed by the assembler before the loop reads one.
		const streamFn: StreamFn = (model) => {
			const stream = new AssistantEventStream(model);
			const assembler = new MessageAssembler(model, stream);
			assembler.beginText(0);
			for (const delta of ["one ", "two ", "three"]) assembler.appendText(0, delta);
			assembler.finish();
			return stream;
		};
		const queued = await collectWith(streamFn);
		expect(labels(queued.events, { updates: true })).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_update:text_start",
			"message_update:text_delta",
			"message_update:text_delta",
			"message_update:text_delta",
			"message_update:text_end",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const deltas = queued.events.flatMap((event) =>
			event.type === "message_update" && event.assistantMessageEvent.type === "text_delta"
				? [event.assistantMessageEvent.delta]
				: [],
		);
		expect(deltas).toEqual(["one ", "two ", "three"]);
		expect(queued.messages.at(-1)).toMatchObject({ role: "assistant", content: [{ text: "one two three" }] });
	});

	it("is read without a microtask turn between its queued events", async () => {
		// A ticker counts microtask turns from the moment the stream is handed over; with a
		// synchronous sink, every update of the queued response must see the same count.
		let turns = 0;
		const tick = () => {
			turns += 1;
			if (turns < 10_000) queueMicrotask(tick);
		};
		const streamFn: StreamFn = (model) => {
			const stream = new AssistantEventStream(model);
			const assembler = new MessageAssembler(model, stream);
			assembler.beginText(0);
			for (const delta of ["a", "b", "c", "d", "e"]) assembler.appendText(0, delta);
			assembler.finish();
			queueMicrotask(tick);
			return stream;
		};
		const seenAt: number[] = [];
		await runAgentLoop(
			[user("hi")],
			context(),
			createHarness().config(),
			(event) => {
				if (event.type === "message_update") seenAt.push(turns);
			},
			undefined,
			streamFn,
		);
		expect(seenAt).toHaveLength(7);
		expect(new Set(seenAt).size).toBe(1);
	});
});

async function collectWith(streamFn: StreamFn) {
	const harness = createHarness();
	const events: AgentEvent[] = [];
	const stream = agentLoop([user("hi")], context(), harness.config(), undefined, streamFn);
	for await (const event of stream) events.push(event);
	return { events, messages: await stream.result() };
}

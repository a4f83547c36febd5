import { AssistantEventStream, EventStream, MessageAssembler } from "@kestrel/ai";
import { fauxText } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { type AgentEvent, type AgentEventSink, runAgentLoop, type StreamFn } from "../src/index.js";
import { context, createHarness, labels, scripted, user } from "./helpers.js";

/** Lets `turns` microtask turns pass. */
async function microtasks(turns: number): Promise<void> {
	for (let turn = 0; turn < turns; turn++) await undefined;
}

/** The text deltas the sink saw, in order. */
const deltasOf = (events: readonly AgentEvent[]) =>
	events.flatMap((event) =>
		event.type === "message_update" && event.assistantMessageEvent.type === "text_delta"
			? [event.assistantMessageEvent.delta]
			: [],
	);

describe("a Kestrel provider stream", () => {
	it("hands each event to the loop inside the provider's push", async () => {
		let assembler: MessageAssembler | undefined;
		const streamFn: StreamFn = (model) => {
			const stream = new AssistantEventStream(model);
			assembler = new MessageAssembler(model, stream);
			assembler.beginText(0);
			return stream;
		};
		const seen: AgentEvent[] = [];
		const run = runAgentLoop(
			[user("hi")],
			context(),
			createHarness().config(),
			(event) => void seen.push(event),
			undefined,
			streamFn,
		);
		await microtasks(20);
		expect(labels(seen, { updates: true }).at(-1)).toBe("message_update:text_start");
		// With a promise per event the update would reach the sink a microtask turn later.
		assembler!.appendText(0, "now");
		expect(deltasOf(seen)).toEqual(["now"]);
		assembler!.finish();
		await run;
		expect(seen.at(-1)?.type).toBe("agent_end");
	});

	it("waits for a sink that asks it to, holding the provider's events, and gives them in order after", async () => {
		const words = Array.from({ length: 40 }, (_, index) => `w${index} `);
		const harness = scripted({ content: [fauxText(words.join(""))] });
		let provider: EventStream<unknown, unknown> | undefined;
		const streamFn: StreamFn = async (model, request, options) => {
			const stream = await harness.streamFn(model, request, options);
			provider = stream as unknown as EventStream<unknown, unknown>;
			return stream;
		};
		const seen: AgentEvent[] = [];
		let waits = 0;
		let mostHeld = 0;
		const messages = await runAgentLoop(
			[user("go")],
			context(),
			harness.config(),
			(event) => {
				seen.push(event);
				// A sink that writes some updates somewhere slow: meanwhile the provider's
				// events wait in its stream, and come after, in order.
				if (event.type !== "message_update" || seen.length % 3 !== 0) return undefined;
				waits += 1;
				return new Promise<void>((resolve) =>
					setImmediate(() => {
						mostHeld = Math.max(mostHeld, provider?.unread ?? 0);
						resolve();
					}),
				);
			},
			undefined,
			streamFn,
		);
		expect(provider).toBeInstanceOf(EventStream);
		expect(waits).toBeGreaterThan(5);
		// Had the loop kept taking events while the sink waited, the provider would hold none.
		expect(mostHeld).toBeGreaterThan(0);
		expect(deltasOf(seen).join("")).toBe(words.join(""));
		expect(labels(seen).filter((label) => label.startsWith("message_end"))).toEqual([
			"message_end:user",
			"message_end:assistant",
		]);
		expect(messages.at(-1)).toMatchObject({ role: "assistant", content: [{ text: words.join("") }] });
	});

	it("takes a sink value whose then throws as the sink's failure, not the provider's", async () => {
		const broken = new Error("then broke");
		const seen: string[] = [];
		const run = respondTo("one two three four", (event) => {
			seen.push(event.type);
			if (event.type !== "message_update") return undefined;
			// A sink handing back something promise-like that fails when asked for `then`.
			return {
				// biome-ignore lint/suspicious/noThenProperty: the case under test is a thenable whose `then` throws
				get then(): never {
					throw broken;
				},
			} as unknown as Promise<void>;
		});
		await expect(run).rejects.toBe(broken);
		expect(seen.filter((type) => type === "message_update")).toHaveLength(1);
	});

	it("stops at a sink failure in the middle of a response, and the run rejects with it", async () => {
		const seen: string[] = [];
		let updates = 0;
		const run = respondTo("one two three four five six", (event) => {
			seen.push(event.type);
			if (event.type === "message_update" && ++updates === 3) throw new Error("listener broke");
		});
		await expect(run).rejects.toThrow("listener broke");
		expect(seen.at(-1)).toBe("message_update");
		expect(updates).toBe(3);
	});
});

/** A run whose one reply is `text`, its events going to `sink`. */
function respondTo(text: string, sink: AgentEventSink) {
	const harness = scripted({ content: [fauxText(text)] });
	return runAgentLoop([user("go")], context(), harness.config(), sink, undefined, harness.streamFn);
}

import { describe, expect, it } from "vitest";
import { AssistantEventStream, EventStream, emptyAssistantMessage } from "../../src/event-stream.js";
import type { AssistantMessageEvent } from "../../src/types.js";

const origin = { api: "test-api", provider: "test", id: "test-model" };

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
	const items: T[] = [];
	for await (const item of iterable) items.push(item);
	return items;
}

describe("EventStream", () => {
	it("delivers events pushed before and after the consumer starts, in order", async () => {
		const stream = new EventStream<number, number>(
			(n) => n < 0,
			(n) => n,
		);
		stream.push(1);
		const consumed = collect(stream);
		stream.push(2);
		await Promise.resolve();
		stream.push(-1);
		expect(await consumed).toEqual([1, 2, -1]);
		expect(await stream.result()).toBe(-1);
	});

	it("ignores pushes after the terminal event", async () => {
		const stream = new EventStream<number, number>(
			(n) => n < 0,
			(n) => n,
		);
		stream.push(-5);
		stream.push(7);
		expect(await collect(stream)).toEqual([-5]);
	});

	it("settles result() with the fallback when ended without a terminal event", async () => {
		const stream = new EventStream<number, string>(
			() => false,
			() => "terminal",
		);
		const consumed = collect(stream);
		stream.push(1);
		stream.end("fallback");
		expect(await consumed).toEqual([1]);
		expect(await stream.result()).toBe("fallback");
	});
});

describe("AssistantEventStream", () => {
	it("close() without a terminal event emits one error event built from the last partial", async () => {
		const stream = new AssistantEventStream(origin);
		const partial = emptyAssistantMessage(origin);
		partial.content.push({ type: "text", text: "half" });
		stream.push({ type: "start", partial });
		stream.close();
		const events = await collect(stream);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		const result = await stream.result();
		expect(result.stopReason).toBe("error");
		expect(result.error?.kind).toBe("unknown");
		expect(result.content).toEqual([{ type: "text", text: "half" }]);
	});

	it("close() with nothing pushed still settles result() with an error message", async () => {
		const stream = new AssistantEventStream(origin);
		stream.close();
		const result = await stream.result();
		expect(result).toMatchObject({
			role: "assistant",
			api: "test-api",
			model: "test-model",
			stopReason: "error",
		});
	});

	it("close() after done changes nothing", async () => {
		const stream = new AssistantEventStream(origin);
		const message = emptyAssistantMessage(origin);
		stream.push({ type: "done", reason: "stop", message });
		stream.close();
		const events: AssistantMessageEvent[] = await collect(stream);
		expect(events.map((event) => event.type)).toEqual(["done"]);
		expect(await stream.result()).toBe(message);
	});
});

describe("EventStream under a producer far ahead of its consumer", () => {
	const numbers = () =>
		new EventStream<number, number>(
			(value) => value < 0,
			(value) => value,
		);

	it("delivers every event in order across the queue's compactions, interleaved with waits", async () => {
		const stream = numbers();
		const seen: number[] = [];
		const consumer = (async () => {
			for await (const value of stream) seen.push(value);
		})();
		// Bursts far larger than the compaction threshold, with the consumer idle in between.
		let next = 0;
		for (let burst = 0; burst < 4; burst++) {
			for (let index = 0; index < 5000; index++) stream.push(next++);
			await new Promise((resolve) => setImmediate(resolve));
		}
		stream.push(-1);
		await consumer;
		expect(seen).toHaveLength(next + 1);
		expect(seen.slice(0, -1).every((value, index) => value === index)).toBe(true);
		expect(await stream.result()).toBe(-1);
	});

	it("answers several next() calls made before any event in call order, and ends the rest", async () => {
		const stream = numbers();
		const iterator = stream[Symbol.asyncIterator]();
		const pending = [iterator.next(), iterator.next(), iterator.next(), iterator.next()];
		stream.push(7);
		stream.push(8);
		stream.end(0);
		expect(await Promise.all(pending)).toEqual([
			{ value: 7, done: false },
			{ value: 8, done: false },
			{ value: undefined, done: true },
			{ value: undefined, done: true },
		]);
		expect(await iterator.next()).toEqual({ value: undefined, done: true });
	});

	it("a break ends that iteration without ending the stream", async () => {
		const stream = numbers();
		for (let index = 0; index < 3; index++) stream.push(index);
		const first: number[] = [];
		for await (const value of stream) {
			first.push(value);
			break;
		}
		expect(first).toEqual([0]);
		stream.push(-1);
		expect(stream.ended).toBe(true);
		expect(await stream.result()).toBe(-1);
	});
});

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

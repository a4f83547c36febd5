import { describe, expect, it } from "vitest";
import { EventStream } from "../../src/event-stream.js";

const numbers = () =>
	new EventStream<number, number>(
		(value) => value < 0,
		(value) => value,
	);

/** A handler that records what it is given; `undefined` marks the end. */
function recorder() {
	const seen: (number | undefined)[] = [];
	return { seen, handler: (value: number | undefined) => void seen.push(value) };
}

describe("EventStream.deliverTo", () => {
	it("hands over the queued events at once, then each push inside push", () => {
		const stream = numbers();
		stream.push(1);
		stream.push(2);
		const { seen, handler } = recorder();
		stream.deliverTo(handler);
		expect(seen).toEqual([1, 2]);
		stream.push(3);
		// Delivered before push returned: no promise, no microtask turn.
		expect(seen).toEqual([1, 2, 3]);
		expect(stream.unread).toBe(0);
	});

	it("ends the handler with undefined once after a terminal event, and after end()", async () => {
		const terminal = numbers();
		const first = recorder();
		terminal.deliverTo(first.handler);
		terminal.push(1);
		terminal.push(-1);
		terminal.push(5); // after the end: dropped
		expect(first.seen).toEqual([1, -1, undefined]);
		expect(await terminal.result()).toBe(-1);

		const ended = numbers();
		const second = recorder();
		ended.deliverTo(second.handler);
		ended.push(7);
		ended.end(42);
		expect(second.seen).toEqual([7, undefined]);
		expect(await ended.result()).toBe(42);
	});

	it("gives a handler attached after the end the rest of the queue, then undefined", () => {
		const stream = numbers();
		stream.push(1);
		stream.push(-2);
		const { seen, handler } = recorder();
		stream.deliverTo(handler);
		expect(seen).toEqual([1, -2, undefined]);
	});

	it("queues again once detached, for the iterator or the next handler, in order", async () => {
		const stream = numbers();
		const { seen, handler } = recorder();
		stream.deliverTo(handler);
		stream.push(1);
		stream.deliverTo(undefined);
		stream.push(2);
		stream.push(3);
		expect(seen).toEqual([1]);
		expect(stream.unread).toBe(2);
		const iterator = stream[Symbol.asyncIterator]();
		expect(await iterator.next()).toEqual({ value: 2, done: false });
		stream.deliverTo(handler);
		expect(seen).toEqual([1, 3]);
		stream.push(-1);
		expect(seen).toEqual([1, 3, -1, undefined]);
	});

	it("stops handing over the queue when the handler detaches itself mid-way", async () => {
		const stream = numbers();
		for (const value of [1, 2, 3]) stream.push(value);
		const seen: (number | undefined)[] = [];
		const handler = (value: number | undefined) => {
			seen.push(value);
			// A reader that must wait for something of its own after the first event.
			if (value === 1) stream.deliverTo(undefined);
		};
		stream.deliverTo(handler);
		expect(seen).toEqual([1]);
		expect(stream.unread).toBe(2);
		expect(await stream[Symbol.asyncIterator]().next()).toEqual({ value: 2, done: false });
	});
});

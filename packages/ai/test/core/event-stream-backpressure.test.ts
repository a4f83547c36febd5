import { describe, expect, it } from "vitest";
import { EventStream } from "../../src/event-stream.js";

const numbers = () =>
	new EventStream<number, number>(
		(value) => value < 0,
		(value) => value,
	);

/** Lets `turns` microtask turns pass. */
async function microtasks(turns: number): Promise<void> {
	for (let turn = 0; turn < turns; turn++) await undefined;
}

/** A `for await` reader that records what it sees and, per event, how many were still queued. */
function reader(stream: EventStream<number, number>) {
	const seen: number[] = [];
	const lags: number[] = [];
	const done = (async () => {
		for await (const value of stream) {
			seen.push(value);
			lags.push(stream.unread);
		}
	})();
	return { seen, lags, done };
}

describe("EventStream.backpressure", () => {
	it("never holds a producer up when nobody reads, however far ahead it is", () => {
		const stream = numbers();
		for (let value = 0; value < 1000; value++) {
			stream.push(value);
			expect(stream.backpressure()).toBeUndefined();
		}
		expect(stream.unread).toBe(1000);
	});

	it("is undefined while a reader keeps within 32 events", async () => {
		const stream = numbers();
		const { seen, done } = reader(stream);
		for (let value = 0; value < 32; value++) stream.push(value);
		expect(stream.backpressure()).toBeUndefined();
		stream.push(-1);
		await done;
		expect(seen).toHaveLength(33);
	});

	it("lets a reader that is far behind catch up before the producer goes on", async () => {
		const stream = numbers();
		const { seen, lags, done } = reader(stream);
		await microtasks(1);
		for (let value = 0; value < 200; value++) stream.push(value);
		const wait = stream.backpressure();
		expect(wait).toBeInstanceOf(Promise);
		await wait;
		expect(stream.unread).toBeLessThanOrEqual(4);
		expect(seen.length).toBeGreaterThanOrEqual(196);
		stream.push(-1);
		await done;
		expect(seen).toEqual([...Array.from({ length: 200 }, (_, index) => index), -1]);
		expect(lags[0]).toBe(199);
	});

	it("keeps a producer that pushes in bursts close to its reader over a long run", async () => {
		const stream = numbers();
		const { seen, lags, done } = reader(stream);
		let next = 0;
		for (let burst = 0; burst < 2000; burst++) {
			// Ten events per microtask turn: without waiting, the reader (one per turn) falls
			// nine further behind with every burst.
			for (let index = 0; index < 10; index++) stream.push(next++);
			const wait = stream.backpressure();
			if (wait) await wait;
			else await undefined;
		}
		stream.push(-1);
		await done;
		expect(seen).toHaveLength(next + 1);
		expect(Math.max(...lags)).toBeLessThanOrEqual(32 + 10);
	});

	it("gives up on a reader that stopped taking events, and does not wait for it again until it reads", async () => {
		const stream = numbers();
		let release!: () => void;
		const blocked = new Promise<void>((resolve) => {
			release = resolve;
		});
		const seen: number[] = [];
		const done = (async () => {
			for await (const value of stream) {
				seen.push(value);
				if (value === 0) await blocked;
			}
		})();
		stream.push(0);
		await microtasks(2);
		expect(seen).toEqual([0]);
		for (let value = 1; value <= 100; value++) stream.push(value);
		// The reader is waiting on something else: the wait ends without it.
		await stream.backpressure();
		expect(seen).toEqual([0]);
		expect(stream.backpressure()).toBeUndefined();
		release();
		await microtasks(4);
		expect(seen.length).toBeGreaterThan(1);
		// It reads again: a producer that runs ahead waits for it again.
		for (let value = 101; value <= 200; value++) stream.push(value);
		expect(stream.backpressure()).toBeInstanceOf(Promise);
		stream.push(-1);
		await done;
		expect(seen).toHaveLength(202);
	});

	it("does not wait after the reader broke off, nor after the terminal event", async () => {
		const stream = numbers();
		stream.push(0);
		for await (const _value of stream) break;
		for (let value = 1; value <= 100; value++) stream.push(value);
		expect(stream.backpressure()).toBeUndefined();

		const ended = numbers();
		const { done } = reader(ended);
		await microtasks(1);
		for (let value = 0; value < 100; value++) ended.push(value);
		ended.push(-1);
		expect(ended.backpressure()).toBeUndefined();
		await done;
	});
});

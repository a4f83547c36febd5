import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FrameBatcher } from "../../src/interactive/frame-batcher.js";

describe("FrameBatcher", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("applies only the latest of the values deferred within a frame, once, at the frame's end", () => {
		const applied: number[] = [];
		const batcher = new FrameBatcher<number>((value) => applied.push(value), 33);
		for (let value = 1; value <= 500; value++) batcher.defer(value);
		expect(applied).toEqual([]);
		expect(batcher.peek()).toBe(500);
		vi.advanceTimersByTime(33);
		expect(applied).toEqual([500]);
		expect(batcher.peek()).toBeUndefined();
		batcher.defer(501);
		vi.advanceTimersByTime(33);
		expect(applied).toEqual([500, 501]);
	});

	it("flushes at once on demand, and cancel drops the held value", () => {
		const applied: string[] = [];
		const batcher = new FrameBatcher<string>((value) => applied.push(value), 33);
		batcher.defer("a");
		batcher.flush();
		expect(applied).toEqual(["a"]);
		batcher.defer("b");
		batcher.cancel();
		vi.advanceTimersByTime(100);
		expect(applied).toEqual(["a"]);
		batcher.flush();
		expect(applied).toEqual(["a"]);
	});
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UpdateThrottle } from "../../src/bash/update-throttle.js";
import { createBashTool } from "../../src/index.js";
import { run, useTempDir } from "../helpers.js";

describe("bash: streamed updates", () => {
	const tempDir = useTempDir();
	afterEach(() => {
		vi.useRealTimers();
	});

	const lines = 50;
	const slowLines = `for i in $(seq 1 ${lines}); do echo "line $i"; sleep 0.01; done`;

	it("streams growing output in order while the command runs", async () => {
		const tool = createBashTool(tempDir(), { updateIntervalMs: 10 });
		const { updates, text } = await run(tool, { command: slowLines });
		expect(updates.length).toBeGreaterThan(0);
		let previous = 0;
		for (const update of updates) {
			expect(update.details.status).toBe("running");
			expect(text.startsWith(update.text)).toBe(true);
			const last = Number(/line (\d+)$/.exec(update.text)?.[1]);
			expect(last).toBeGreaterThanOrEqual(previous);
			previous = last;
		}
		expect(text.split("\n")).toHaveLength(lines);
	});

	it("sends fewer updates than chunks, and none after the result", async () => {
		// The throttle's clock stands still while the command runs, however long that takes on
		// a loaded machine: the first chunk is shown at once, the others wait for the interval.
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
		const tool = createBashTool(tempDir(), { updateIntervalMs: 100 });
		const outcome = await run(tool, { command: slowLines });
		expect(outcome.text.split("\n")).toHaveLength(lines);
		expect(outcome.updates).toHaveLength(1);
		// The update the other chunks were waiting for is cancelled with the result.
		vi.advanceTimersByTime(1_000);
		expect(outcome.lateUpdates()).toBe(0);
		expect(outcome.updates).toHaveLength(1);
	});

	it("shows the truncated tail and the full-output file while the command runs", async () => {
		const tool = createBashTool(tempDir(), { maxOutputLines: 5, updateIntervalMs: 10, tempDir: tempDir() });
		const { updates } = await run(tool, { command: "seq 1 100; sleep 0.3; echo done" });
		const during = updates.find((update) => update.details.output.truncated);
		expect(during?.text).toContain("showing the last 5 of 100 lines");
		expect(during?.details.output.fullOutputPath).toBeDefined();
	});
});

describe("UpdateThrottle", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("emits at once, then at most once per interval, the trailing call reading the latest state", () => {
		let state = 0;
		const seen: number[] = [];
		const throttle = new UpdateThrottle(() => seen.push(state), 100);
		for (let step = 1; step <= 25; step += 1) {
			state = step;
			throttle.notify();
			vi.advanceTimersByTime(10);
		}
		vi.advanceTimersByTime(1000);
		// 250 ms of changes every 10 ms: at 0 ms, then at the end of each 100 ms interval.
		expect(seen).toEqual([1, 10, 20, 25]);
	});

	it("stop() cancels a scheduled call and ignores later notifications", () => {
		const emit = vi.fn();
		const throttle = new UpdateThrottle(emit, 100);
		throttle.notify();
		throttle.notify();
		throttle.stop();
		throttle.notify();
		vi.advanceTimersByTime(1000);
		expect(emit).toHaveBeenCalledTimes(1);
	});
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { abortableSleep } from "../../src/retry/index.js";

describe("abortableSleep", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("resolves once the time has passed, not before", async () => {
		let done = false;
		const sleep = abortableSleep(1_000).then(() => {
			done = true;
		});
		await vi.advanceTimersByTimeAsync(999);
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		await sleep;
		expect(done).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("rejects with an AbortError at once when the signal has already fired, without a timer", async () => {
		const controller = new AbortController();
		const reason = new Error("user pressed escape");
		controller.abort(reason);
		const sleep = abortableSleep(60_000, controller.signal);
		expect(vi.getTimerCount()).toBe(0);
		const error = await sleep.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).name).toBe("AbortError");
		expect((error as Error).cause).toBe(reason);
	});

	it("rejects as soon as the signal fires during the wait and clears its timer", async () => {
		const controller = new AbortController();
		const sleep = abortableSleep(60_000, controller.signal);
		const outcome = sleep.then(
			() => "resolved",
			(error: Error) => error.name,
		);
		await vi.advanceTimersByTimeAsync(10);
		expect(vi.getTimerCount()).toBe(1);
		controller.abort();
		// No time passes between the abort and the rejection.
		expect(await outcome).toBe("AbortError");
		expect(vi.getTimerCount()).toBe(0);
	});

	it("removes its abort listener when the time is up", async () => {
		const controller = new AbortController();
		const remove = vi.spyOn(controller.signal, "removeEventListener");
		const sleep = abortableSleep(5, controller.signal);
		await vi.advanceTimersByTimeAsync(5);
		await sleep;
		expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
		// A late abort changes nothing.
		controller.abort();
		await expect(sleep).resolves.toBeUndefined();
	});

	it("treats a negative time as zero", async () => {
		const sleep = abortableSleep(-100);
		await vi.advanceTimersByTimeAsync(0);
		await expect(sleep).resolves.toBeUndefined();
	});
});

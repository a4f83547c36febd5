import { describe, expect, it } from "vitest";
import { respondToFailure } from "../../src/harness/attempts.js";
import { DEFAULT_RETRY_SETTINGS } from "../../src/index.js";

const retry = { ...DEFAULT_RETRY_SETTINGS, baseDelayMs: 100, maxDelayMs: 1_000 };
const fresh = { overflowRetried: false, retries: 0 };
const on = { enabled: true };

describe("respondToFailure", () => {
	it("answers an overflow with one compact-and-retry per turn, and only when compaction is on", () => {
		expect(respondToFailure({ kind: "overflow" }, fresh, on, retry)).toEqual({ action: "compact_and_retry" });
		expect(respondToFailure({ kind: "overflow" }, { ...fresh, overflowRetried: true }, on, retry)).toEqual({
			action: "give_up",
		});
		expect(respondToFailure({ kind: "overflow" }, fresh, { enabled: false }, retry)).toEqual({
			action: "give_up",
		});
	});

	it("retries transient errors with a delay until the attempts run out; gives up on the rest", () => {
		const first = respondToFailure({ kind: "overloaded" }, fresh, on, retry);
		expect(first.action).toBe("retry");
		expect(respondToFailure({ kind: "rate_limit", retryAfterMs: 500 }, fresh, on, retry)).toMatchObject({
			action: "retry",
			delayMs: expect.any(Number),
		});
		expect(
			respondToFailure({ kind: "overloaded" }, { ...fresh, retries: retry.maxAttempts }, on, retry),
		).toEqual({
			action: "give_up",
		});
		expect(respondToFailure({ kind: "auth" }, fresh, on, retry)).toEqual({ action: "give_up" });
		expect(respondToFailure(undefined, fresh, on, retry)).toEqual({ action: "give_up" });
		expect(respondToFailure({ kind: "overloaded" }, fresh, on, { ...retry, enabled: false })).toEqual({
			action: "give_up",
		});
	});
});

import type { ProviderError } from "@kestrel/ai";
import { isRetryable } from "./is-retryable.js";
import type { RetrySettings } from "./types.js";

/** The jitter added to a server's `retry-after`: up to 10 % of it, and at most one second. */
const RETRY_AFTER_JITTER_FRACTION = 0.1;
const RETRY_AFTER_JITTER_MAX_MS = 1_000;

/**
 * How long to wait before retry number `attempt` (1-based: 1 is the first retry after the
 * first failure), or `undefined` when the request must not be retried: retries are
 * disabled, the error is not retryable ({@link isRetryable}), `attempt` is past
 * `maxAttempts`, or the server asks to wait longer than `maxRetryAfterMs`.
 *
 * Without `retryAfterMs` the wait is exponential with "equal jitter": the step is
 * `min(baseDelayMs × 2^(attempt−1), maxDelayMs)`, half of it fixed and the other half
 * random, so the wait lies in `[step / 2, step]` and clients that failed together do not
 * retry together. With `retryAfterMs` the server's wait is kept in full, plus a random
 * extra of up to 10 % of it (at most one second); the exponential step does not apply, as
 * the server knows when it will have capacity.
 *
 * `random` returns a number in `[0, 1)`, as `Math.random` does; tests pass their own.
 */
export function retryDelay(
	error: ProviderError | undefined,
	attempt: number,
	settings: RetrySettings,
	random: () => number = Math.random,
): number | undefined {
	if (!settings.enabled || !isRetryable(error)) return undefined;
	if (!(attempt >= 1) || attempt > settings.maxAttempts) return undefined;
	const retryAfterMs = error?.retryAfterMs;
	if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
		if (retryAfterMs > settings.maxRetryAfterMs) return undefined;
		const jitterRange = Math.min(retryAfterMs * RETRY_AFTER_JITTER_FRACTION, RETRY_AFTER_JITTER_MAX_MS);
		return Math.round(retryAfterMs + jitterRange * clampUnit(random()));
	}
	// 2^(attempt−1) overflows to Infinity for huge attempts; the cap still applies.
	const step = Math.min(settings.baseDelayMs * 2 ** (attempt - 1), settings.maxDelayMs);
	return Math.round(step / 2 + (step / 2) * clampUnit(random()));
}

/** A custom `random` that strays outside `[0, 1]` must not break the bounds. */
function clampUnit(value: number): number {
	return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}

/**
 * The contract of retries: when a failed model request is tried again, and how long the
 * harness waits first.
 *
 * A request is retried only when its error kind says another attempt can succeed
 * ({@link isRetryable}); the wait grows exponentially with jitter, follows the server's
 * `retry-after` when it sends one, and is abortable.
 */

/** How failed model requests are retried. */
export interface RetrySettings {
	/** `false` reports the first failure as final. Default true. */
	enabled: boolean;
	/** Retries after the first failure, so a request is sent at most `maxAttempts + 1` times. Default 3. */
	maxAttempts: number;
	/** The wait before the first retry; each further retry doubles it. Default 2,000 ms. */
	baseDelayMs: number;
	/** The exponential wait never grows past this. Default 60,000 ms. */
	maxDelayMs: number;
	/**
	 * A server that asks (`retry-after`) to wait longer than this is not retried: the error
	 * is reported at once instead of blocking the session. Default 120,000 ms.
	 */
	maxRetryAfterMs: number;
}

/**
 * How long a provider that sends nothing is waited on. Timeouts end a request with error
 * kind `timeout`, which is retried like other transient failures.
 */
export interface TimeoutSettings {
	/** From sending a request to its first stream event, in ms; 0: no limit. Default: `@kestrel/ai`'s (300,000). */
	firstByteMs?: number;
	/** Between two stream events, in ms; 0: no limit. Default: `@kestrel/ai`'s (120,000). */
	idleMs?: number;
	/**
	 * The total silence, in ms, that one prompt may wait through over all its attempts:
	 * each timeout adds the silence that ended in it, a later attempt's timeouts are cut to
	 * what is left, and once it is spent a timeout is final, not retried. 0 or absent: no
	 * limit (each attempt still has its own timeouts).
	 */
	maxStallMs?: number;
}

export const DEFAULT_RETRY_SETTINGS: Readonly<RetrySettings> = Object.freeze({
	enabled: true,
	maxAttempts: 3,
	baseDelayMs: 2_000,
	maxDelayMs: 60_000,
	maxRetryAfterMs: 120_000,
});

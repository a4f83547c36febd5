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

export const DEFAULT_RETRY_SETTINGS: Readonly<RetrySettings> = Object.freeze({
	enabled: true,
	maxAttempts: 3,
	baseDelayMs: 2_000,
	maxDelayMs: 60_000,
	maxRetryAfterMs: 120_000,
});

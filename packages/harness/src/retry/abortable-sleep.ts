/**
 * Resolves after `ms` milliseconds, or rejects with an error named `AbortError` as soon as
 * `signal` fires (at once when it already has). Either way nothing is left behind: the
 * timer is cleared on abort and the abort listener is removed when the time is up. The
 * signal's `reason` is the error's `cause`.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) return Promise.reject(abortError(signal));
	return new Promise<void>((resolve, reject) => {
		const onAbort = () => {
			clearTimeout(timer);
			reject(abortError(signal));
		};
		const timer = setTimeout(
			() => {
				signal?.removeEventListener("abort", onAbort);
				resolve();
			},
			Math.max(0, ms),
		);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}

function abortError(signal: AbortSignal | undefined): Error {
	const error = new Error("The wait before retrying was aborted.", { cause: signal?.reason });
	error.name = "AbortError";
	return error;
}

import type { ErrorKind } from "@kestrel/ai";

/**
 * Why a summary could not be written: a provider error kind (`overflow`, `rate_limit`,
 * `aborted`, …), or `empty` when the summariser replied with no text.
 */
export type SummaryErrorKind = ErrorKind | "empty";

/** Summarising failed; `compactSession` then runs the deterministic fallback. */
export class SummaryError extends Error {
	readonly code = "summary_failed";
	constructor(
		readonly kind: SummaryErrorKind,
		message: string,
		/** Summary requests made before the failure, the failed one included. */
		readonly requests = 0,
	) {
		super(message);
		this.name = "SummaryError";
	}
}

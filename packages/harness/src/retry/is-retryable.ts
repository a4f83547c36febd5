import type { ErrorKind, ProviderError } from "@kestrel/ai";

/** Kinds where the same request can succeed later: the provider was busy or the connection failed. */
const TRANSIENT_KINDS: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
	"rate_limit",
	"overloaded",
	"network",
	"timeout",
]);

/**
 * Whether sending the same request again can succeed.
 * - `rate_limit`, `overloaded`, `network`, `timeout`: yes.
 * - `unknown`: only with an HTTP status of 500 or more (a server fault); an unclassified
 *   throw is more likely a bug that would fail again.
 * - `auth`, `billing` (an empty account or a spent quota stays so until someone pays),
 *   `invalid_request`, `overflow` (compaction handles it), `aborted`: never.
 * - no classification at all: no.
 */
export function isRetryable(error: ProviderError | undefined): boolean {
	if (!error) return false;
	if (TRANSIENT_KINDS.has(error.kind)) return true;
	return error.kind === "unknown" && error.status !== undefined && error.status >= 500;
}

/**
 * Error codes of a connection that was refused, or closed by the server before it
 * answered: a keep-alive socket the server had already closed when the request went out
 * fails with `ECONNRESET`, `EPIPE` or undici's `UND_ERR_SOCKET` ("other side closed").
 */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/** How deep a chain of `cause`s is followed. */
const MAX_CAUSES = 8;

/**
 * Whether `thrown` says that the connection failed before any byte of the response
 * arrived, so that sending the same request again is safe.
 *
 * Both conditions must hold along the chain of `cause`s:
 * - the request never got a response: `fetch` rejects only before the status and
 *   headers arrive, which undici reports as a `TypeError` "fetch failed" and both official
 *   SDKs wrap in an `APIConnectionError`; a body that breaks later throws "terminated"
 *   instead, and an HTTP error carries a `status`;
 * - the cause is the connection: refused, reset, or closed by the other side
 *   ({@link CONNECTION_CODES}, or Node's "socket hang up"). Timeouts, DNS failures and
 *   TLS errors are not retried here.
 */
export function isConnectFailureBeforeResponse(thrown: unknown): boolean {
	let noResponse = false;
	let connection = false;
	let link: unknown = thrown;
	for (let depth = 0; depth < MAX_CAUSES && typeof link === "object" && link !== null; depth++) {
		const error = link as { name?: unknown; message?: unknown; code?: unknown; status?: unknown };
		if (typeof error.status === "number") return false;
		const name = `${String(error.name)} ${link.constructor?.name ?? ""}`;
		if (/timeout/i.test(name)) return false;
		if (
			/\bAPIConnectionError\b/.test(name) ||
			(link instanceof TypeError && error.message === "fetch failed")
		) {
			noResponse = true;
		}
		if (
			(typeof error.code === "string" && CONNECTION_CODES.has(error.code)) ||
			(typeof error.message === "string" && /socket hang up|other side closed/i.test(error.message))
		) {
			connection = true;
		}
		link = (link as { cause?: unknown }).cause;
	}
	return noResponse && connection;
}

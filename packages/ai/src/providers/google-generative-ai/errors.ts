/** Google's error body: `{"error":{"code","message","status","details"}}`. */
interface GoogleErrorBody {
	error?: {
		code?: unknown;
		message?: unknown;
		status?: unknown;
		details?: unknown;
	};
}

/**
 * A Gemini API failure in the shape the shared classifier reads (`status`, `headers`,
 * `error.code`, `error.message`), like the official SDKs' `APIError`.
 *
 * `@google/genai` throws an `ApiError` whose only fields are the HTTP status and a
 * message holding the error body as JSON text (prefixed with `got status: …` when the
 * error arrived inside a stream), so neither Google's status string nor the retry delay
 * would reach classification. `code` is the `ErrorInfo` reason when Google sends one
 * (`API_KEY_INVALID` comes with HTTP 400), else the status string (`RESOURCE_EXHAUSTED`).
 * Google sends no `retry-after` header: the `RetryInfo.retryDelay` of the body becomes a
 * `retry-after-ms` header here.
 */
export class GeminiApiError extends Error {
	readonly status: number | undefined;
	readonly headers: Headers;
	readonly error: { code?: string; message: string; status?: string; details?: unknown };

	constructor(status: number | undefined, body: GoogleErrorBody | undefined, fallbackMessage: string) {
		const inner = body?.error;
		const message = typeof inner?.message === "string" && inner.message ? inner.message : fallbackMessage;
		super(message);
		this.name = "GeminiApiError";
		this.status = status;
		const googleStatus =
			typeof inner?.status === "string" && /^[A-Z][A-Z_]+$/.test(inner.status) ? inner.status : undefined;
		const code = errorInfoReason(inner?.details) ?? googleStatus;
		this.error = { message };
		if (code) this.error.code = code;
		if (googleStatus) this.error.status = googleStatus;
		if (inner?.details !== undefined) this.error.details = inner.details;
		this.headers = new Headers();
		const delay = retryDelayMs(inner?.details);
		if (delay !== undefined) this.headers.set("retry-after-ms", String(delay));
	}
}

/** Turns what the SDK threw into something classification can read; other values pass. */
export function describeSdkError(
	thrown: unknown,
	apiErrorClass: abstract new (...args: never[]) => Error,
): unknown {
	if (thrown instanceof apiErrorClass) {
		const status = (thrown as Error & { status?: unknown }).status;
		return new GeminiApiError(
			typeof status === "number" ? status : undefined,
			parseBody(thrown.message),
			thrown.message,
		);
	}
	return thrown;
}

/** The JSON body inside an `ApiError` message, which may have a `got status: …` prefix. */
function parseBody(message: string): GoogleErrorBody | undefined {
	const start = message.indexOf("{");
	if (start < 0) return undefined;
	try {
		const parsed: unknown = JSON.parse(message.slice(start));
		return typeof parsed === "object" && parsed !== null ? (parsed as GoogleErrorBody) : undefined;
	} catch {
		return undefined;
	}
}

function detailsOfType(details: unknown, type: string): Record<string, unknown>[] {
	if (!Array.isArray(details)) return [];
	return details.filter(
		(detail): detail is Record<string, unknown> =>
			typeof detail === "object" && detail !== null && (detail as Record<string, unknown>)["@type"] === type,
	);
}

function errorInfoReason(details: unknown): string | undefined {
	const reason = detailsOfType(details, "type.googleapis.com/google.rpc.ErrorInfo")[0]?.reason;
	return typeof reason === "string" && reason ? reason : undefined;
}

/** `RetryInfo.retryDelay` is a protobuf Duration in JSON: seconds with an `s`, e.g. `"7s"`, `"53.016s"`. */
export function retryDelayMs(details: unknown): number | undefined {
	const delay = detailsOfType(details, "type.googleapis.com/google.rpc.RetryInfo")[0]?.retryDelay;
	if (typeof delay !== "string") return undefined;
	const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
	return match?.[1] === undefined ? undefined : Math.round(Number.parseFloat(match[1]) * 1000);
}

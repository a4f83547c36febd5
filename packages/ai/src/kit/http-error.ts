/**
 * An HTTP error response of a provider, in the shape `runProviderStream` classifies: the
 * status, the response headers (for `retry-after`) and the error body. Throw it from a
 * provider that sends its requests with `fetch`:
 *
 * ```ts
 * const response = await fetch(url, { method: "POST", body, signal: run.signal });
 * if (!response.ok) throw await ProviderHttpError.fromResponse(response);
 * ```
 *
 * The provider's error type or code and its message are read from the common body shapes
 * (`{"error":{"type"|"code","message"}}`, `{"type","message"}`, `{"message"}`); the
 * classification (`rate_limit`, `overflow`, …) then follows the status and that code.
 */
export class ProviderHttpError extends Error {
	/** The parsed error body as the shared classifier reads it: `{ code?, message }`. */
	readonly error: { code?: string; message: string };

	constructor(
		readonly status: number,
		readonly headers: Headers,
		/** The body as sent: parsed JSON, or the text when it is not JSON. */
		readonly body: unknown,
	) {
		const described = describeBody(body);
		super(described.message || `HTTP ${status}`);
		this.name = "ProviderHttpError";
		this.error = { message: this.message };
		if (described.code) this.error.code = described.code;
	}

	/** Reads the body of a failed response (at most 64 KiB of it) and builds the error. */
	static async fromResponse(response: Response): Promise<ProviderHttpError> {
		let text = "";
		try {
			text = (await response.text()).slice(0, 65_536);
		} catch {
			// A body that cannot be read leaves the status and headers to classify.
		}
		let body: unknown = text;
		try {
			body = text ? JSON.parse(text) : undefined;
		} catch {
			// Not JSON: keep the text.
		}
		return new ProviderHttpError(response.status, response.headers, body);
	}
}

function describeBody(body: unknown): { code?: string; message?: string } {
	if (typeof body === "string") return { message: body.trim() || undefined };
	if (typeof body !== "object" || body === null) return {};
	const record = body as Record<string, unknown>;
	const inner =
		typeof record.error === "object" && record.error !== null
			? (record.error as Record<string, unknown>)
			: record;
	const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
	const message = text(inner.message) ?? text(record.message) ?? text(record.error);
	const code = text(inner.code) ?? text(inner.type) ?? text(record.code) ?? text(record.__type);
	return { code, message };
}

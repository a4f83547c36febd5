import type { ApiError, Fetch, GenerateContentResponse } from "@google/genai";
import { SseParser } from "../../sse/read-sse-events.js";

/** The fields of a streamed `GenerateContentResponse` the provider reads, as the wire has them. */
export type StreamChunk = Pick<
	GenerateContentResponse,
	"responseId" | "usageMetadata" | "promptFeedback" | "candidates"
>;

/**
 * Lets the SDK send the request (URL, auth, headers, retries, its `ApiError` for an HTTP
 * failure) but keeps the successful streaming body for the provider to read.
 *
 * `@google/genai` (2.x and 3.x) reads the stream itself at a high cost per event: a scan
 * of the whole buffer for three delimiters, a web `Response` and two `JSON.parse` per
 * frame, then a converter copying every field. Its public `httpOptions.fetch` hook is the
 * only way to the raw body: the fetch given here hands a failed response to the SDK as is
 * and an empty body in place of a successful one (whose generator is never iterated).
 */
export class StreamBodyCapture {
	private response: Response | undefined;

	readonly fetch: Fetch = async (input, init) => {
		const response = await fetch(input, withoutUndiciTimeouts(init));
		if (!response.ok) return response;
		this.response = response;
		const { status, statusText, headers } = response;
		return new Response("", { status, statusText, headers });
	};

	/** The successful response the SDK accepted. */
	take(): Response {
		const response = this.response;
		if (!response?.body) throw new Error("The response has no body.");
		this.response = undefined;
		return response;
	}
}

/**
 * Reads the `data:` frames of a `streamGenerateContent?alt=sse` body and parses each once.
 * The SDK's response converter only renames fields the provider does not read, so the
 * JSON is used as it arrives. Like the SDK, a frame holding `{"error":{"code":4xx|5xx}}`
 * throws its `ApiError` (with the same `got status: …` message), and a body that ends
 * inside a frame is a cut connection, unless what it ends with is such an error.
 */
export async function readStreamBody(
	response: Response,
	apiError: typeof ApiError,
	onChunk: (chunk: StreamChunk) => void,
): Promise<void> {
	const reader = (response.body as ReadableStream<Uint8Array>).getReader();
	const decoder = new TextDecoder();
	const parser = new SseParser();
	const deliver = (chunk: unknown): void => {
		if (typeof chunk !== "object" || chunk === null) return;
		throwIfErrorFrame(chunk, apiError);
		onChunk(chunk as StreamChunk);
	};
	const push = (text: string): void => {
		for (const { data } of parser.push(text)) deliver(JSON.parse(data));
	};
	let ended = false;
	try {
		for (;;) {
			const read = await reader.read();
			if (read.done) break;
			push(decoder.decode(read.value, { stream: true }));
		}
		ended = true;
		push(decoder.decode());
	} finally {
		if (!ended) reader.cancel().catch(() => undefined);
	}
	const rest = parser.unfinished().trim();
	if (!rest) return;
	// A bare JSON error instead of a last event (googleapis/js-genai#461): an `ApiError`, as
	// the SDK makes of it when it arrives in a read of its own.
	let unframed: unknown;
	try {
		unframed = JSON.parse(rest);
	} catch {}
	if (typeof unframed === "object" && unframed !== null) throwIfErrorFrame(unframed, apiError);
	// A last frame without its closing blank line (servers that close right after it are
	// common) is delivered by the parser's `end()`, as `readSseEvents` does for the other
	// APIs; one cut inside its JSON is a cut connection.
	const last = parser.end();
	let chunk: unknown;
	try {
		chunk = last ? JSON.parse(last.data) : undefined;
	} catch {}
	if (chunk === undefined) throw new Error("The connection closed in the middle of a stream frame.");
	deliver(chunk);
}

function throwIfErrorFrame(chunk: object, apiError: typeof ApiError): void {
	if (!("error" in chunk)) return;
	const error = chunk.error;
	if (typeof error !== "object" || error === null) return;
	const { code, status } = error as { code?: unknown; status?: unknown };
	if (typeof code !== "number" || code < 400 || code >= 600) return;
	throw new apiError({ message: `got status: ${status}. ${JSON.stringify(chunk)}`, status: code });
}

/**
 * Node's fetch gives up after 300 s without headers or between body bytes. The SDK lifts
 * both limits on its own fetch the same way (undici's global dispatcher with zero
 * timeouts), and so must this one: the run's watchdog owns the timeouts.
 */
function withoutUndiciTimeouts(init: RequestInit | undefined): RequestInit {
	const globalDispatcher = Symbol.for("undici.globalDispatcher.1");
	if (!(globalDispatcher in globalThis)) new Headers(); // Node creates it lazily.
	const dispatcher = (globalThis as Record<symbol, UndiciDispatcher | undefined>)[globalDispatcher];
	if (typeof dispatcher?.dispatch !== "function") return { ...init };
	const noTimeouts: UndiciDispatcher = {
		dispatch: (options, handler) =>
			dispatcher.dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler),
	};
	return { ...init, dispatcher: noTimeouts as unknown as RequestInit["dispatcher"] };
}

interface UndiciDispatcher {
	dispatch(options: Record<string, unknown>, handler: unknown): boolean;
}

import type { ProviderRun } from "../../provider-run.js";
import { readSseEvents } from "../../sse/read-sse-events.js";
import type { OpenAISdkExports } from "./client.js";

/**
 * The JSON events of an OpenAI stream (Chat Completions or Responses), read from the raw
 * response. The SDK's own iterator copies the rest of its buffer after every event, which
 * made its SSE splitting most of a long stream's CPU; this keeps the SDK's meaning:
 * - `[DONE]` ends the stream;
 * - an event with an `error` field throws the SDK's `APIError` without status, as the
 *   SDK does, so that classification reads its type and code;
 * - a data line that is not JSON throws its `SyntaxError` (a broken stream).
 * Every frame and every keep-alive comment counts as activity: OpenRouter and others send
 * `: OPENROUTER PROCESSING` while a model reasons silently.
 * On abort the iteration ends quietly; the caller turns `run.signal` into the error.
 */
export async function* readOpenAIEvents(
	sdk: OpenAISdkExports,
	response: Response,
	run: ProviderRun,
): AsyncGenerator<unknown, void, undefined> {
	if (!response.body) throw new sdk.OpenAIError("Attempted to iterate over a response with no body");
	const frames = readSseEvents(response.body, { signal: run.signal, onComment: () => run.activity() });
	for await (const frame of frames) {
		run.activity();
		if (frame.data.startsWith("[DONE]")) return;
		const data = JSON.parse(frame.data) as { error?: unknown } | null;
		if (data?.error) throw new sdk.APIError(undefined, data.error as object, undefined, response.headers);
		yield data;
	}
}

import type {
	Api,
	AssistantMessageEventStream,
	Context,
	ErrorKind,
	Model,
	ProviderImplementation,
	StreamOptions,
	ThinkingContent,
} from "../../types.js";
import type { WireScript } from "../wire-server/script.js";
import type { ScriptedResponse } from "../wire-server/server.js";

/** A provider's stream function: what `ProviderImplementation.stream` is. */
export type ConformanceStreamFunction = (
	model: Model,
	context: Context,
	options: StreamOptions,
) => AssistantMessageEventStream;

/**
 * The provider under test, described for the conformance suite ({@link conformanceCases}).
 * The suite starts a loopback wire server per case, serves what `encode` and
 * `errorResponse` make, and drives your provider (with its real SDK) against it.
 *
 * A target for a provider package of your own, say one whose stream is an SSE text stream:
 *
 * ```ts
 * const target: ConformanceTarget = {
 *   api: "my-api",
 *   model: (serverUrl) => ({ ...myModel, baseUrl: `${serverUrl}/v1` }),
 *   provider: createMyProvider(),
 *   options: { apiKey: "test-key" },
 *   encode: (script) => ({ body: encodeMyStream(script) }),
 *   errorResponse: (status, { type, message }, headers) => myErrorResponse(status, { type, message, headers }),
 *   httpErrorTypes: { 400: "invalid_request", 401: "bad_key", 429: "rate_limited", 500: "internal", 503: "busy" },
 *   streamError: { type: "overloaded", kind: "overloaded" },
 *   malformedFrame: "data: {not json\n\n",
 *   stopReasons: { stop: "stop", length: "max_tokens", toolUse: "tool_calls", unknown: "a_reason_from_the_future" },
 *   features: { thinking: "signed", toolArguments: "streamed", cacheWrite: true, responseId: true },
 * };
 * for (const c of conformanceCases(target)) test(c.name, c.run, c.timeoutMs);
 * ```
 */
export interface ConformanceTarget {
	/** The `api` of the messages the provider makes (`AssistantMessage.api`), e.g. `anthropic-messages`. */
	api: Api;
	/**
	 * A model of your API served by the wire server. `serverUrl` is the server's root,
	 * `http://127.0.0.1:<port>` without a trailing slash; add whatever path your SDK expects
	 * (`/v1` for the OpenAI SDK). The suite may replace `cost` (to check pricing) and uses
	 * an unreachable `serverUrl` for the connection-failure case.
	 */
	model(serverUrl: string): Model;
	/** The provider under test: its implementation, or just its stream function. */
	provider: ProviderImplementation | ConformanceStreamFunction;
	/**
	 * Options every request of the suite passes: the key or whatever your authentication
	 * needs. The suite adds `maxRetries: 0` (so the SDK's own retries hide nothing), and per
	 * case `signal`, `firstByteTimeoutMs` and `idleTimeoutMs`.
	 */
	options?: StreamOptions;
	/**
	 * Encodes a provider-neutral script as your API's streamed response, exactly as the
	 * real server sends it: text (SSE) or binary (`Uint8Array`) body and headers. The
	 * suite cuts, pauses, stalls and drops the body at frame ends ({@link frameEnds}).
	 * `script.stop` is one of {@link stopReasons} (or absent: your API's normal ending),
	 * and `script.error` asks for your API's in-stream error event after the blocks.
	 */
	encode(script: WireScript): ScriptedResponse;
	/**
	 * An HTTP error response as your API sends it. `error.type` is your API's error type
	 * or code; when it is absent, use the one your API sends with that status. `headers`
	 * are headers the response must carry; `retry-after` (seconds) in them asks for a
	 * response that tells the client to wait that long, in whatever way your API says it
	 * (a header, or a retry delay in the body).
	 */
	errorResponse(
		status: number,
		error: { type?: string; message: string },
		headers?: Record<string, string>,
	): ScriptedResponse;
	/**
	 * Your API's error type (or code) for the HTTP statuses the suite sends. The suite
	 * passes it to {@link errorResponse} as `error.type` and checks that Kestrel reports it
	 * as `error.code`. Leave out a status whose errors carry no type.
	 */
	httpErrorTypes?: Partial<Record<400 | 401 | 429 | 500 | 503, string>>;
	/**
	 * An error your API sends inside a stream that has already begun (`script.error.type`),
	 * and the kind Kestrel must give it. The suite checks that the message's `error.code`
	 * is this `type`.
	 */
	streamError: { type: string; kind: ErrorKind };
	/**
	 * One complete frame your SDK cannot parse (a data line that is not JSON, a binary
	 * frame with a bad checksum), inserted between two good frames. It must end the
	 * stream with kind `network`.
	 */
	malformedFrame: string | Uint8Array;
	/**
	 * Your API's raw stop values: the normal end, the output limit, the end of a turn
	 * that called tools (sent with a tool call), and one value Kestrel does not know,
	 * which must still end normally.
	 */
	stopReasons: { stop: string; length: string; toolUse: string; unknown: string };
	/**
	 * The byte offsets at which the frames of a response body end, in order, the last
	 * one being the body's length. Default: the ends of SSE events (a blank line:
	 * `\n\n`, `\r\n\r\n` or `\r\r`). A binary stream gives its own (for example each
	 * length-prefixed message's end).
	 */
	frameEnds?(body: Uint8Array): number[];
	/**
	 * The id Kestrel reports for a tool call the script sent with `id`. Default: the same
	 * id. (An encoder that makes a compound id, such as OpenAI Responses' `call_id|item_id`,
	 * says here what it becomes.)
	 */
	toolCallId?(id: string): string;
	/**
	 * The signature your API sent for a thinking block, read back from the block.
	 * Default: `thinkingSignature`. (OpenAI Responses keeps the whole reasoning item
	 * there, with the signature as its `encrypted_content`.)
	 */
	signatureOf?(block: ThinkingContent): string | undefined;
	/** Where your API differs from others in what the suite can expect. */
	features: ConformanceFeatures;
}

/** What an API has, so that the suite checks each API for what it can do. */
export interface ConformanceFeatures {
	/**
	 * Reasoning on the wire: `signed` (with a signature that must come back byte for byte:
	 * Anthropic, OpenAI Responses, Gemini), `unsigned` (reasoning text only: chat
	 * completions servers) or `none`.
	 */
	thinking: "signed" | "unsigned" | "none";
	/**
	 * How tool-call arguments arrive: `streamed` in pieces (the suite expects
	 * `toolcall_delta` events and `partial` arguments kept up to date), or `whole` in one
	 * piece per call (Gemini).
	 */
	toolArguments: "streamed" | "whole";
	/** Whether the API reports tokens written to the prompt cache (`usage.cacheWrite`). */
	cacheWrite: boolean;
	/** Whether the stream carries the response's id (`message.responseId` = `script.id`). */
	responseId: boolean;
}

/**
 * One case of the suite, independent of any test runner: `run` resolves when the
 * provider conforms and throws an `AssertionError` (from `node:assert`) that says what
 * differed when it does not.
 */
export interface ConformanceCase {
	/** What the case checks, as a test title: `"HTTP 429 → rate_limit with retryAfterMs"`. */
	name: string;
	run(): Promise<void>;
	/**
	 * A generous bound for the case in milliseconds, for runners whose default is short.
	 * Cases never assert on elapsed time.
	 */
	timeoutMs: number;
}

/**
 * The contract of `@kestrel/ai`: every type a caller or a provider adapter touches.
 *
 * This module declares types only. Its doc comments are the reference documentation of
 * the package; the implementation files stay lean and explain only why they do things.
 * That is why it is longer than 400 lines: half of it is those comments.
 */
import type { TObject, TSchema } from "typebox";
import type { BuiltInWireApi } from "./providers/built-in-wire-apis.js";
import type { WireApi, WireApiCompat, WireApiProviders } from "./wire-api/wire-api.js";

// ---------------------------------------------------------------------------------------
// Identifiers
// ---------------------------------------------------------------------------------------

/**
 * The compat-flag type of each wire API, keyed by API id: the built-in APIs' entries are
 * derived from their modules' compat schemas. A provider package adds its API by
 * augmenting this interface next to its module:
 *
 * ```ts
 * declare module "@kestrel/ai" {
 *   interface WireApiCompatMap { "bedrock-converse-stream": BedrockConverseStreamCompat }
 * }
 * ```
 */
export interface WireApiCompatMap extends CompatMapOf<BuiltInWireApi> {}

type CompatMapOf<TModule> = {
	[M in TModule as M extends WireApi<infer TApi, TObject, string> ? TApi : never]: WireApiCompat<M>;
};

/** Wire APIs Kestrel knows the types of: the built-ins and those provider packages declare. */
export type KnownApi = keyof WireApiCompatMap & string;

/**
 * A wire API: the request/stream format a provider implementation speaks. Open union:
 * apps register their own (`registerProvider`) and keep autocomplete for the known ones.
 */
export type Api = KnownApi | (string & {});

/** Vendors that ship with Kestrel (derived from the built-in wire APIs' providers). */
export type KnownProvider = WireApiProviders<BuiltInWireApi>;

/** Who serves the model (billing, keys, base URL). Open union like {@link Api}. */
export type Provider = KnownProvider | (string & {});

/**
 * The unified reasoning level. Each API maps it to its own knob (a thinking budget, an
 * effort value); `"off"` disables reasoning where the API allows it.
 */
export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh";

// ---------------------------------------------------------------------------------------
// Content blocks
// ---------------------------------------------------------------------------------------

/** Plain text, from a user, an assistant or a tool. */
export interface TextContent {
	type: "text";
	text: string;
	/**
	 * The provider's opaque tag for this text, replayed unchanged to the same model: the
	 * output message id on OpenAI Responses, a thought signature on a Gemini text part.
	 */
	textSignature?: string;
}

/**
 * Model reasoning. `thinkingSignature` is the provider's opaque proof of the reasoning,
 * replayed byte-for-byte to the model that made it and never altered: Anthropic's
 * `signature`, the OpenAI Responses reasoning item (id and `encrypted_content`, as JSON),
 * a Gemini `thoughtSignature`. A `redacted` block carries no readable text: its
 * encrypted payload sits in `thinkingSignature`.
 */
export interface ThinkingContent {
	type: "thinking";
	thinking: string;
	thinkingSignature?: string;
	redacted?: boolean;
}

/** An image, base64-encoded, in user messages and tool results. */
export interface ImageContent {
	type: "image";
	/** Base64 data without a `data:` prefix. */
	data: string;
	/** For example `image/png`. */
	mimeType: string;
}

/**
 * Why a tool call's arguments could not be used. The call still appears in the message
 * (with `arguments: {}`) so that the agent loop can answer it with an error result and
 * the model can correct itself; nothing throws.
 */
export interface ToolArgumentsError {
	/** What the JSON parser said, after the repair fallback also failed. */
	message: string;
	/** The argument text exactly as the model streamed it. */
	raw: string;
}

/** A request from the model to run a tool. */
export interface ToolCall {
	type: "toolCall";
	/** The provider's id for the call; tool results answer it through `toolCallId`. */
	id: string;
	name: string;
	/**
	 * The parsed arguments. During streaming (`partial`) this is the best view of the
	 * arguments so far, updated after every delta; in the final message it is the exact
	 * parse of the whole argument text, or `{}` when there was no text.
	 */
	arguments: Record<string, unknown>;
	/** Present only when the arguments did not parse even after repair. */
	argumentsError?: ToolArgumentsError;
	/** Gemini's thought signature on a function-call part, replayed to the same model. */
	thoughtSignature?: string;
}

export type AssistantContent = TextContent | ThinkingContent | ToolCall;
export type UserContent = TextContent | ImageContent;
export type ToolResultContent = TextContent | ImageContent;

// ---------------------------------------------------------------------------------------
// Usage and cost
// ---------------------------------------------------------------------------------------

/** USD amounts; `total` is the sum of the other four. */
export interface Cost {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	total: number;
}

/**
 * Token counts of one response, the same meaning on every provider:
 * `input` is *uncached* input (providers that count cached tokens inside their input
 * figure have them subtracted), `cacheRead` and `cacheWrite` are the cached parts,
 * `output` includes reasoning tokens, `totalTokens` is the sum of all four.
 */
export interface Usage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens: number;
	/** Priced with the model's {@link ModelCost}; all zeros for a free model. */
	cost: Cost;
}

/**
 * Why the model stopped.
 * - `stop`: it finished its answer (or hit a stop sequence).
 * - `length`: it hit the output limit; the last block may be cut short.
 * - `toolUse`: it wants tool results before going on.
 * - `error`: the request or the stream failed; see `errorMessage` and `error`.
 * - `aborted`: the caller's signal fired.
 */
export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/**
 * What went wrong, classified once where it happened so that callers (retries,
 * compaction) branch on a value, never on message text.
 * - `overflow`: the prompt does not fit the model's context window.
 * - `rate_limit`: too many requests or tokens (HTTP 429); retry after `retryAfterMs`.
 * - `overloaded`: the provider is out of capacity (Anthropic 529, HTTP 503).
 * - `auth`: missing, invalid or unauthorised key (401, 403).
 * - `billing`: the account cannot pay: out of credit, over a spend limit or quota, or
 *   billing not active (HTTP 402, Anthropic `billing_error`, OpenAI `insufficient_quota`,
 *   which comes with a 429). Retrying will not help until someone pays or raises the limit.
 * - `invalid_request`: the request itself is wrong (other 4xx); retrying will not help.
 * - `network`: the connection failed or dropped, or the stream was malformed.
 * - `timeout`: no first byte, or no event between two events, within the configured time.
 * - `aborted`: the caller's signal fired.
 * - `local`: not the provider's failure: code of this process threw (an agent hook, a
 *   listener, the stream function); `code` names which (`agent_hook:transformContext`,
 *   `agent_listener`). Retrying the same request will not help; fix the code.
 * - `unknown`: anything else, including HTTP 500.
 */
export type ErrorKind =
	| "overflow"
	| "rate_limit"
	| "overloaded"
	| "auth"
	| "billing"
	| "invalid_request"
	| "network"
	| "timeout"
	| "aborted"
	| "local"
	| "unknown";

/** The classification attached to a failed {@link AssistantMessage}. */
export interface ProviderError {
	kind: ErrorKind;
	/** The HTTP status, when the failure was an HTTP response. */
	status?: number;
	/** From `retry-after` / `retry-after-ms` headers, in milliseconds. */
	retryAfterMs?: number;
	/** The provider's own error type or code (`overloaded_error`, `rate_limit_exceeded`). */
	code?: string;
	/** The provider's error body or the thrown value, for debugging. */
	raw?: unknown;
}

// ---------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------

export interface UserMessage {
	role: "user";
	content: string | UserContent[];
	/** Unix time in milliseconds. */
	timestamp: number;
}

/** One response of a model, as streamed and assembled. */
export interface AssistantMessage {
	role: "assistant";
	content: AssistantContent[];
	/** The wire API that produced this message. */
	api: Api;
	provider: Provider;
	/** The model id. */
	model: string;
	/** The provider's id of the response, when it sends one. */
	responseId?: string;
	usage: Usage;
	stopReason: StopReason;
	/** The provider's own stop value (`end_turn`, `tool_calls`, …) kept for debugging. */
	rawStopReason?: string;
	/** A human-readable description, present when `stopReason` is `error` or `aborted`. */
	errorMessage?: string;
	/** The classification, present when `stopReason` is `error` or `aborted`. */
	error?: ProviderError;
	/** Unix time in milliseconds at which the request started. */
	timestamp: number;
}

/** The answer to one {@link ToolCall}. */
export interface ToolResultMessage<TDetails = unknown> {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: ToolResultContent[];
	/** Structured data for user interfaces; never sent to the model. */
	details?: TDetails;
	isError: boolean;
	timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

// ---------------------------------------------------------------------------------------
// Tools and context
// ---------------------------------------------------------------------------------------

/** A tool the model may call. `parameters` is a TypeBox schema (JSON Schema). */
export interface Tool<TParameters extends TSchema = TSchema> {
	name: string;
	description: string;
	parameters: TParameters;
}

/** Everything a request sends besides the options. */
export interface Context {
	systemPrompt?: string;
	messages: Message[];
	tools?: Tool[];
}

// ---------------------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------------------

/** USD per million tokens. */
export interface ModelCost {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
}

/** Compat flags of `openai-completions` (see its module's schema for each flag). */
export type OpenAICompletionsCompat = WireApiCompatMap["openai-completions"];
/** Compat flags of `anthropic-messages`. */
export type AnthropicMessagesCompat = WireApiCompatMap["anthropic-messages"];
/** Compat flags of `openai-responses`. */
export type OpenAIResponsesCompat = WireApiCompatMap["openai-responses"];
/** Compat flags of `google-generative-ai`. */
export type GoogleGenerativeAICompat = WireApiCompatMap["google-generative-ai"];

/**
 * Per-API compat flags, selected by the model's `api`: one optional entry per
 * {@link KnownApi}, typed by that API's compat schema.
 */
export type ModelCompat = { [TApi in KnownApi]?: WireApiCompatMap[TApi] };

/** A model and everything needed to call it and price it. */
export interface Model<TApi extends Api = Api> {
	/** The id sent to the provider, e.g. `claude-sonnet-4-5`. */
	id: string;
	/** A display name. */
	name: string;
	api: TApi;
	provider: Provider;
	/** The API root, e.g. `https://api.anthropic.com` or `http://localhost:11434/v1`. */
	baseUrl: string;
	/** Whether the model reasons (accepts a thinking level other than `off`). */
	reasoning: boolean;
	/** The levels the model accepts, when it does not accept them all. */
	thinkingLevels?: ThinkingLevel[];
	/** What the model accepts as input. */
	input: ("text" | "image")[];
	cost: ModelCost;
	/** Tokens the model can take in, prompt and output together. */
	contextWindow: number;
	/** The most output tokens one response may have. */
	maxTokens: number;
	/** Headers sent with every request to this model. */
	headers?: Record<string, string>;
	compat?: ModelCompat;
}

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

/**
 * How long prompt-cache entries should live, where the provider lets the caller choose:
 * `none` sends no cache markers, `short` the provider's default (Anthropic: 5 minutes),
 * `long` its longest (Anthropic: 1 hour).
 */
export type CacheRetention = "none" | "short" | "long";

/** Options of one request. Every field is optional. */
export interface StreamOptions {
	/**
	 * The key; else the first set of the environment variables the provider's wire API
	 * module names (`ANTHROPIC_API_KEY`, …). `ProviderRegistry.stream()` reads them from
	 * the modules registered in it; a built-in implementation called directly, from the
	 * built-in modules.
	 */
	apiKey?: string;
	/** Aborting ends the stream with `stopReason: "aborted"`; partial content is kept. */
	signal?: AbortSignal;
	temperature?: number;
	/**
	 * Output token limit. Default: the model's `maxTokens` where the API requires a limit
	 * (Anthropic); otherwise none is sent (some servers reject prompt + limit > window).
	 */
	maxTokens?: number;
	/** The unified reasoning level; ignored for models without reasoning. */
	reasoning?: ThinkingLevel;
	/** Default `short`. */
	cacheRetention?: CacheRetention;
	/** A stable id of the conversation; providers use it for cache routing and user ids. */
	sessionId?: string;
	/** Extra HTTP headers, merged over the model's. */
	headers?: Record<string, string>;
	/**
	 * Called with the provider request body just before it is sent. Return a value to
	 * send that instead, or nothing to send the body as it is.
	 */
	onPayload?: (payload: unknown, model: Model) => unknown | Promise<unknown>;
	/**
	 * Milliseconds from sending the request until the first stream event. Expiry ends the
	 * stream with error kind `timeout`. Default 300 000 (reasoning models may think long
	 * before they send anything); 0 disables it.
	 */
	firstByteTimeoutMs?: number;
	/**
	 * Milliseconds allowed between two stream events. Expiry ends the stream with error
	 * kind `timeout`. Default 120 000; 0 disables it.
	 */
	idleTimeoutMs?: number;
	/**
	 * Retries done by the provider SDK itself. Default 0: Kestrel reports every failure
	 * with its typed {@link ProviderError} so that the caller (the harness) retries with
	 * full knowledge; raise it for a standalone script.
	 */
	maxRetries?: number;
	/**
	 * Retries of a request whose connection failed before any byte of the response
	 * arrived: refused, or closed by the server before it answered (a stale keep-alive
	 * socket). Nothing of the answer was streamed, so the request is sent again from the
	 * start, after 100 ms, then 400 ms, abortable; the stream shows only the attempt that
	 * got an answer, and `onPayload` runs once per attempt. Default 2; 0 turns them off.
	 * Independent of {@link maxRetries}: failures after the first byte, HTTP errors and
	 * timeouts are not retried here.
	 */
	connectRetries?: number;
}

// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

/**
 * The events of one response. A stream yields `start`, then for each content block a
 * `*_start`, any number of `*_delta` and a `*_end` (each with the block's `contentIndex`
 * in `partial.content`), and ends with exactly one terminal event: `done` or `error`.
 *
 * `partial` is a live view of the message built so far, valid until the next event.
 * Consumers that keep it must copy it.
 */
export type AssistantMessageEvent =
	| { type: "start"; partial: AssistantMessage }
	| { type: "text_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
	/** The response finished normally; `message` is final. */
	| { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
	/** The response failed or was aborted; `message` keeps what arrived before. */
	| { type: "error"; reason: "error" | "aborted"; message: AssistantMessage };

export type AssistantMessageEventType = AssistantMessageEvent["type"];

/**
 * A stream of {@link AssistantMessageEvent}s: iterate it with `for await`, or await
 * `result()` for the final message. `result()` always settles with a message (never
 * rejects), also when the producer stops without a terminal event.
 */
export interface AssistantMessageEventStream extends AsyncIterable<AssistantMessageEvent> {
	result(): Promise<AssistantMessage>;
}

// ---------------------------------------------------------------------------------------
// Providers
// ---------------------------------------------------------------------------------------

/**
 * A wire API implementation. `stream` must return synchronously and report every failure
 * inside the stream as an `error` event: it never throws and its stream never rejects.
 * Implementations build their messages with `MessageAssembler` so that block bookkeeping,
 * usage, cost and terminal events behave the same everywhere. Called through
 * `ProviderRegistry.stream()`, `options.apiKey` already holds the environment's key when
 * the caller passed none.
 */
export interface ProviderImplementation<TApi extends Api = Api> {
	api: TApi;
	stream(model: Model<TApi>, context: Context, options: StreamOptions): AssistantMessageEventStream;
}

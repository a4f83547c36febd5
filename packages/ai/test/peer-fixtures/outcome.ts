import type { AssistantMessage, ErrorKind, StopReason } from "../../src/types.js";

/**
 * What one recorded response should become, in Kestrel's terms, as a reference reader
 * derives it from the recording: the text and thinking deltas joined, the tool calls,
 * the last usage figures, the stop reason and, for a failure, what is known about it.
 * Fields a reader leaves out are not checked.
 */
export interface Outcome {
	responseId?: string;
	/** Every text delta of the response, joined. */
	text: string;
	/** Every reasoning delta of the response, joined. */
	thinking: string;
	toolCalls: ExpectedToolCall[];
	usage: ExpectedUsage;
	stopReason: StopReason;
	error?: ExpectedError;
}

export interface ExpectedToolCall {
	name: string;
	/** The parsed arguments; left out for a call the stream cut off (only partial text arrived). */
	arguments?: Record<string, unknown>;
}

/** Token counts in Kestrel's meaning: `input` is uncached, `output` includes reasoning. */
export interface ExpectedUsage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
}

/**
 * `permanent`: any kind a retry cannot fix, for failures whose exact kind is not settled
 * (an exhausted billing quota must not be retried, whatever its kind is called).
 */
export type ExpectedKind = ErrorKind | "permanent";

export interface ExpectedError {
	kind?: ExpectedKind;
	status?: number;
	code?: string;
	retryAfterMs?: number;
}

/** The kinds a caller retries (see the harness's `isRetryable`). */
const TRANSIENT_KINDS: ReadonlySet<ErrorKind> = new Set(["rate_limit", "overloaded", "network", "timeout"]);

export function zeroTokens(): ExpectedUsage {
	return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** The outcome of a stream cut short or malformed: Kestrel documents both as `network`. */
export function brokenStream(partial: Omit<Outcome, "stopReason" | "error">): Outcome {
	return { ...partial, stopReason: "error", error: { kind: "network" } };
}

/** A response that failed before any content: only the error is known. */
export function failedRequest(error: ExpectedError): Outcome {
	return { text: "", thinking: "", toolCalls: [], usage: zeroTokens(), stopReason: "error", error };
}

/**
 * Kestrel's final message in the shape of `expected`, so that `toEqual` compares exactly
 * what the reference derived and a failure shows a readable diff.
 */
export function observedOutcome(message: AssistantMessage, expected: Outcome): Outcome {
	const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
	const thinking = message.content
		.flatMap((block) => (block.type === "thinking" ? [block.thinking] : []))
		.join("");
	const calls = message.content.flatMap((block) => (block.type === "toolCall" ? [block] : []));
	const toolCalls = calls.map((call, index) =>
		expected.toolCalls[index] && expected.toolCalls[index].arguments === undefined
			? { name: call.name }
			: { name: call.name, arguments: call.arguments },
	);
	const { input, output, cacheRead, cacheWrite } = message.usage;
	const observed: Outcome = {
		text,
		thinking,
		toolCalls,
		usage: { input, output, cacheRead, cacheWrite },
		stopReason: message.stopReason,
	};
	if (expected.responseId !== undefined) observed.responseId = message.responseId;
	if (expected.error) observed.error = observedError(message, expected.error);
	// An unexpected failure shows its kind and code in the diff.
	else if (message.error)
		observed.error = { kind: message.error.kind, ...(message.error.code && { code: message.error.code }) };
	return observed;
}

function observedError(message: AssistantMessage, expected: ExpectedError): ExpectedError | undefined {
	const error = message.error;
	if (!error) return undefined;
	const observed: ExpectedError = {};
	if (expected.kind !== undefined) {
		observed.kind =
			expected.kind === "permanent" && !TRANSIENT_KINDS.has(error.kind) ? "permanent" : error.kind;
	}
	if (expected.status !== undefined) observed.status = error.status;
	if (expected.code !== undefined) observed.code = error.code;
	if (expected.retryAfterMs !== undefined) observed.retryAfterMs = error.retryAfterMs;
	return observed;
}

/** Parses a tool call's joined argument text the way a reader of the wire would: empty is `{}`. */
export function parseArguments(text: string): Record<string, unknown> {
	if (text.trim() === "") return {};
	const parsed: unknown = JSON.parse(text);
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
		throw new Error(`tool arguments are not a JSON object: ${text.slice(0, 80)}`);
	}
	return parsed as Record<string, unknown>;
}

import type { DescribedFailure } from "@kestrel/ai/provider-kit";
import { isContextOverflowMessage } from "@kestrel/ai/provider-kit";

/**
 * The HTTP status the Bedrock API reference gives each runtime exception. An exception
 * that arrives as a frame inside a 200 stream carries no status of its own; it gets this
 * one, so that it is classified like the same exception sent before the stream
 * (ThrottlingException 429 → `rate_limit`, ServiceUnavailableException 503 → `overloaded`,
 * ModelTimeoutException 408 → `timeout`, InternalServerException 500 → `unknown`, …).
 */
export const EXCEPTION_STATUS: Readonly<Record<string, number>> = {
	AccessDeniedException: 403,
	ConflictException: 400,
	InternalServerException: 500,
	ModelErrorException: 424,
	ModelNotReadyException: 429,
	ModelStreamErrorException: 424,
	ModelTimeoutException: 408,
	ResourceNotFoundException: 404,
	ServiceQuotaExceededException: 400,
	ServiceUnavailableException: 503,
	ThrottlingException: 429,
	ValidationException: 400,
};

/**
 * How Bedrock says that the prompt does not fit (a ValidationException): its own wording,
 * and models' wordings it passes on. Claude's "prompt is too long" is in the shared table.
 */
const BEDROCK_OVERFLOW = [
	/input is too long for requested model/i,
	/too many input tokens/i,
	/input tokens? exceeds?/i,
];

/**
 * A Bedrock exception in the shape the shared classifier reads (`status`, `headers`,
 * `error: { code, message }`), thrown from the stream body in place of the SDK's.
 */
export class BedrockServiceError extends Error {
	readonly error: { code: string; message: string };

	constructor(
		readonly code: string,
		message: string,
		readonly status: number | undefined,
		readonly headers: Headers | undefined,
		options?: { cause?: unknown },
	) {
		super(message, options);
		this.name = "BedrockServiceError";
		this.error = { code, message };
	}
}

/**
 * The connection broke before the stream ended; classified as `network`. `beforeResponse`:
 * it broke before the response's status arrived (refused, or a stale keep-alive socket),
 * so `runProviderStream` may send the request again.
 */
export class BedrockConnectionError extends Error {
	readonly beforeResponse: boolean;

	constructor(message: string, options?: { cause?: unknown; beforeResponse?: boolean }) {
		super(message, options);
		this.name = "BedrockConnectionError";
		this.beforeResponse = options?.beforeResponse ?? false;
	}
}

/**
 * Exceptions whose meaning the status the API reference gives them does not carry:
 * Bedrock documents a ModelStreamErrorException (424) as a stream that broke on the
 * model's side, to be retried.
 */
const KIND_BY_EXCEPTION: Readonly<Record<string, DescribedFailure["kind"]>> = {
	ModelStreamErrorException: "network",
};

/** Connection error codes worth a second attempt when no response arrived yet. */
const RETRYABLE_CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

/**
 * The facts of what the AWS SDK threw, or undefined when it is not a Bedrock exception
 * (an abort, a connection failure). The module's `describeError`.
 */
export function describeBedrockError(thrown: unknown): DescribedFailure | undefined {
	if (thrown instanceof BedrockConnectionError) {
		const code = (thrown.cause as { code?: unknown } | undefined)?.code;
		const retryable = typeof code === "string" && RETRYABLE_CONNECTION_CODES.has(code);
		return { message: thrown.message, kind: "network", beforeResponse: thrown.beforeResponse && retryable };
	}
	const error = asServiceError(thrown);
	if (!error) return undefined;
	const facts: DescribedFailure = { code: error.code, message: error.message };
	// Only when the status is the documented one: a model's own status (503) says more.
	const kind = error.status === EXCEPTION_STATUS[error.code] ? KIND_BY_EXCEPTION[error.code] : undefined;
	if (kind) facts.kind = kind;
	if (error.status !== undefined) facts.status = error.status;
	if (error.headers) facts.headers = error.headers;
	facts.raw = { name: error.code, message: error.message };
	return facts;
}

/**
 * What the stream body throws in place of an SDK error: Bedrock exceptions (sent as an
 * HTTP error before the stream, or as an exception frame inside it) become a
 * {@link BedrockServiceError}; a broken connection or a malformed event stream becomes a
 * `network` failure; anything else (an abort, a timeout) is thrown as it is.
 */
export function translateSdkError(thrown: unknown, where: { beforeResponse?: boolean } = {}): unknown {
	const service = asServiceError(thrown);
	if (service) return service;
	if (!(thrown instanceof Error) || thrown.name === "AbortError") return thrown;
	const code = (thrown as { code?: unknown }).code;
	if (/checksum|truncated|event message|eventstream/i.test(thrown.message)) {
		return new SyntaxError(`Bedrock sent a malformed event stream: ${thrown.message}`, { cause: thrown });
	}
	if (
		(typeof code === "string" && /^E[A-Z]+$/.test(code)) ||
		/^(aborted|socket hang up)$/i.test(thrown.message)
	) {
		const why = typeof code === "string" && !thrown.message.includes(code) ? ` (${code})` : "";
		return new BedrockConnectionError(`The connection to Bedrock broke: ${thrown.message}${why}`, {
			cause: thrown,
			beforeResponse: where.beforeResponse === true,
		});
	}
	return thrown;
}

interface SdkServiceException extends Error {
	$fault?: unknown;
	$metadata?: { httpStatusCode?: number };
	$response?: { headers?: Record<string, string> };
	originalStatusCode?: number;
}

function asServiceError(thrown: unknown): BedrockServiceError | undefined {
	if (thrown instanceof BedrockServiceError) return thrown;
	if (!(thrown instanceof Error)) return undefined;
	const error = thrown as SdkServiceException;
	// Modelled exceptions carry `$fault`; unmodelled exception frames keep only their type as the name.
	const isService = typeof error.$fault === "string" || /^[A-Za-z]+Exception$/.test(error.name);
	if (!isService || error.name === "TimeoutError") return undefined;
	const code = error.name.charAt(0).toUpperCase() + error.name.slice(1);
	const httpStatus = error.$metadata?.httpStatusCode;
	const original = error.originalStatusCode;
	const status =
		httpStatus !== undefined && httpStatus >= 400
			? httpStatus
			: original !== undefined && original >= 400 && original < 600
				? original
				: EXCEPTION_STATUS[code];
	const headers = error.$response?.headers ? new Headers(error.$response.headers) : undefined;
	return new BedrockServiceError(code, explain(code, messageOf(error)), status, headers, { cause: thrown });
}

/** The exception's message; an unmodelled exception frame's message is its JSON body. */
function messageOf(error: Error): string {
	const text = error.message.trim();
	if (text.startsWith("{")) {
		try {
			const body = JSON.parse(text) as { message?: unknown; Message?: unknown };
			const message = body.message ?? body.Message;
			if (typeof message === "string" && message) return message;
		} catch {
			// Not JSON after all: the text is the message.
		}
	}
	return text || error.name;
}

/** Says "context window" where Bedrock says the input is too long, so the overflow is recognised. */
function explain(code: string, message: string): string {
	if (code !== "ValidationException" || isContextOverflowMessage(message)) return message;
	if (!BEDROCK_OVERFLOW.some((pattern) => pattern.test(message))) return message;
	return `${message} (the prompt exceeds the context window)`;
}

import type { ErrorKind } from "../types.js";
import type { FailureFacts } from "./classify.js";

/** A failure ready for `MessageAssembler.fail`: readable text plus the facts to classify. */
export interface DescribedFailure extends FailureFacts {
	message: string;
	/**
	 * The kind, when it is known without classification: a connection failure or a timeout
	 * (`describeThrown`), or what a provider's `describeError` knows from its SDK (an
	 * exception type with a fixed meaning). It wins over the classification of the other
	 * facts, which are still reported.
	 */
	kind?: ErrorKind;
	/**
	 * The request failed before any byte of the response arrived (a refused or reset
	 * connection), so sending it again is safe: `runProviderStream` retries it
	 * (`connectRetries`). For a provider's `describeError`, whose SDK's connection errors
	 * the built-in check does not recognise.
	 */
	beforeResponse?: boolean;
}

/**
 * Extracts status, provider code, message and headers from what an SDK threw. Both
 * official SDKs throw an `APIError` with `status`, `headers` and the parsed error body in
 * `error`; Anthropic nests the body (`{ type: "error", error: { type, message } }`),
 * OpenAI does not (`{ message, type, code }`) and prefers `code` when it has one.
 */
export function describeThrown(thrown: unknown): DescribedFailure {
	if (!(thrown instanceof Error) && (typeof thrown !== "object" || thrown === null)) {
		return { message: String(thrown), raw: thrown };
	}
	const error = thrown as Error & { status?: unknown; headers?: unknown; error?: unknown };
	const body = asRecord(error.error);
	const inner = asRecord(body?.error) ?? body;
	const type = stringField(inner, "type");
	const code = stringField(inner, "code") ?? type;
	const providerMessage = stringField(inner, "message");
	// OpenRouter and vLLM put an HTTP status in `code` of errors sent inside a 200 stream.
	const numericCode =
		typeof inner?.code === "number" && inner.code >= 400 && inner.code < 600 ? inner.code : undefined;
	const status = typeof error.status === "number" ? error.status : numericCode;
	const facts: DescribedFailure = { message: providerMessage ?? error.message ?? String(thrown) };
	if (status !== undefined) facts.status = status;
	if (code !== undefined) facts.code = code;
	if (type !== undefined && type !== code) facts.type = type;
	if (isHeaderSource(error.headers)) facts.headers = error.headers;
	facts.raw = body ?? { name: error.name, message: error.message };
	if (status === undefined && code === undefined) {
		if (/timeout/i.test(error.name ?? "")) facts.kind = "timeout";
		else if (
			/connection|fetch|socket|network|ECONN|EPIPE|ENOTFOUND|terminated/i.test(
				`${error.name} ${error.message}`,
			)
		) {
			facts.kind = "network";
		} else if (error instanceof SyntaxError) {
			facts.kind = "network";
			facts.message = `The provider sent a malformed stream chunk: ${error.message}`;
		}
	}
	return facts;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
	return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
	const value = record?.[key];
	return typeof value === "string" && value ? value : undefined;
}

function isHeaderSource(value: unknown): value is { get(name: string): string | null } {
	return (
		typeof value === "object" && value !== null && typeof (value as { get?: unknown }).get === "function"
	);
}

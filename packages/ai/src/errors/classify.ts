import type { ErrorKind, ProviderError } from "../types.js";
import { isBillingMessage } from "./billing-patterns.js";
import { isContextOverflowMessage } from "./overflow-patterns.js";

/** Anything with a `get(name)` method: fetch `Headers`, or the SDKs' header wrappers. */
export interface HeaderSource {
	get(name: string): string | null | undefined;
}

/** What a provider knows about a failure, before classification. */
export interface FailureFacts {
	status?: number;
	/** The provider's error type or code, e.g. `overloaded_error` or `context_length_exceeded`. */
	code?: string;
	/**
	 * The provider's error type when it sends a code too: the type is the coarser family,
	 * consulted when the code is not in the table (OpenAI sends `type: insufficient_quota`
	 * with codes such as `project_spend_limit_exceeded`).
	 */
	type?: string;
	/** The provider's error message, used by the overflow pattern fallback. */
	message?: string;
	headers?: HeaderSource | Record<string, string | undefined>;
	raw?: unknown;
}

/** Provider error types and codes whose meaning does not depend on the HTTP status. */
const KIND_BY_CODE: Record<string, ErrorKind> = {
	// Anthropic error types
	overloaded_error: "overloaded",
	rate_limit_error: "rate_limit",
	authentication_error: "auth",
	permission_error: "auth",
	request_too_large: "overflow",
	not_found_error: "invalid_request",
	invalid_request_error: "invalid_request",
	api_error: "unknown",
	billing_error: "billing",
	timeout_error: "timeout",
	// OpenAI error codes and types
	context_length_exceeded: "overflow",
	string_above_max_length: "invalid_request",
	rate_limit_exceeded: "rate_limit",
	// The type of every OpenAI billing failure (HTTP 429), and the code of older ones.
	insufficient_quota: "billing",
	credit_balance_exhausted: "billing",
	organization_spend_limit_exceeded: "billing",
	project_spend_limit_exceeded: "billing",
	organization_usage_limit_exceeded: "billing",
	billing_not_active: "billing",
	billing_hard_limit_reached: "billing",
	invalid_api_key: "auth",
	server_error: "unknown",
	too_many_requests: "rate_limit",
	// Google RPC status names and ErrorInfo reasons (Gemini answers a bad key with HTTP 400)
	RESOURCE_EXHAUSTED: "rate_limit",
	UNAVAILABLE: "overloaded",
	DEADLINE_EXCEEDED: "timeout",
	UNAUTHENTICATED: "auth",
	PERMISSION_DENIED: "auth",
	API_KEY_INVALID: "auth",
	BILLING_DISABLED: "billing",
	INVALID_ARGUMENT: "invalid_request",
	FAILED_PRECONDITION: "invalid_request",
	NOT_FOUND: "invalid_request",
	INTERNAL: "unknown",
	// Common spellings of OpenAI-compatible servers
	overloaded: "overloaded",
	server_overloaded: "overloaded",
	model_overloaded: "overloaded",
};

function kindFromStatus(status: number): ErrorKind {
	if (status === 401 || status === 403) return "auth";
	// Payment required: OpenRouter and DeepSeek (out of credit), Anthropic (`billing_error`).
	if (status === 402) return "billing";
	if (status === 429) return "rate_limit";
	if (status === 413) return "overflow";
	if (status === 408 || status === 504) return "timeout";
	if (status === 503 || status === 529) return "overloaded";
	if (status === 502) return "network";
	if (status >= 400 && status < 500) return "invalid_request";
	return "unknown";
}

/**
 * Classifies a failure once, where it happened. The provider's own error code (else its
 * type) wins over the HTTP status (a 400 can be an overflow, a 429 an empty account); the
 * billing and overflow wording tables are the fallback for servers that only say it in
 * text.
 */
export function classifyFailure(facts: FailureFacts): ProviderError {
	const fromCode =
		(facts.code ? KIND_BY_CODE[facts.code] : undefined) ??
		(facts.type ? KIND_BY_CODE[facts.type] : undefined);
	const fromStatus = facts.status !== undefined ? kindFromStatus(facts.status) : undefined;
	let kind: ErrorKind =
		(fromCode && !isGeneric(fromCode) ? fromCode : undefined) ??
		(fromStatus && !isGeneric(fromStatus) ? fromStatus : undefined) ??
		fromCode ??
		fromStatus ??
		"unknown";
	if (BILLING_REFINES.has(kind) && facts.message && isBillingMessage(facts.message)) kind = "billing";
	if (isGeneric(kind) && facts.message && isContextOverflowMessage(facts.message)) kind = "overflow";
	const error: ProviderError = { kind };
	if (facts.status !== undefined) error.status = facts.status;
	if (facts.code !== undefined) error.code = facts.code;
	const retryAfter = facts.headers ? retryAfterMs(facts.headers) : undefined;
	if (retryAfter !== undefined) error.retryAfterMs = retryAfter;
	if (facts.raw !== undefined) error.raw = facts.raw;
	return error;
}

/**
 * Kinds that an account's billing state hides behind: Anthropic says "credit balance is too
 * low" with a 400, Gemini "prepayment credits are depleted" with a 429 RESOURCE_EXHAUSTED,
 * xAI "used all available credits" with a 429 (a 403 before).
 */
const BILLING_REFINES: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
	"invalid_request",
	"unknown",
	"rate_limit",
	"auth",
]);

/** Kinds that say only "the request failed"; a more specific signal may refine them. */
function isGeneric(kind: ErrorKind): boolean {
	return kind === "invalid_request" || kind === "unknown";
}

/**
 * Reads `retry-after-ms` (milliseconds) or `retry-after` (seconds, or an HTTP date).
 * Returns undefined when neither is present or readable.
 */
export function retryAfterMs(
	headers: HeaderSource | Record<string, string | undefined>,
	now: number = Date.now(),
): number | undefined {
	const read = (name: string): string | undefined => {
		if (typeof (headers as HeaderSource).get === "function") {
			return (headers as HeaderSource).get(name) ?? undefined;
		}
		const record = headers as Record<string, string | undefined>;
		const found = Object.keys(record).find((key) => key.toLowerCase() === name);
		return found ? record[found] : undefined;
	};
	const ms = Number.parseFloat(read("retry-after-ms") ?? "");
	if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
	const value = read("retry-after")?.trim();
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

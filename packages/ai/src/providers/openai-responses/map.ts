import type { ResponseIncludable } from "openai/resources/responses/responses";
import type { Reasoning } from "openai/resources/shared";
import type { UsageReport } from "../../assembler.js";
import { classifyFailure } from "../../errors/classify.js";
import type { Model, ProviderError, StopReason, StreamOptions } from "../../types.js";
import { mapReasoningEffort } from "../openai-shared/reasoning-effort.js";

/** How a finished response ends: a normal stop, or a failure it reports. */
export type TerminalMapping =
	| { reason: Exclude<StopReason, "error" | "aborted">; raw: string }
	| { failure: { message: string; error: ProviderError }; raw: string };

/** The fields of the response object on `response.completed` / `incomplete` / `failed`. */
export interface WireResponse {
	status?: string | null;
	incomplete_details?: { reason?: string | null } | null;
	error?: { code?: string | null; message?: string | null } | null;
	usage?: WireUsage | null;
}

/**
 * Maps the final `status` of a response. The raw value kept is the status, or for an
 * incomplete response its reason, which says more (`max_output_tokens`).
 *
 * - `completed` is a normal stop (the assembler turns it into `toolUse` when the
 *   response holds function calls).
 * - `incomplete` is `length` for `max_output_tokens` and for reasons Kestrel does not
 *   know: the answer was cut short. `content_filter` is a failure, as on Chat
 *   Completions: the text so far is incomplete for policy reasons, and sending the same
 *   request again is unlikely to help (`invalid_request`, code `content_filter`).
 * - `failed` is a failure classified from `response.error` (see {@link classifyResponseError}).
 * - `cancelled` (only background responses can be cancelled) is a failure of kind `unknown`.
 * - Any other status is a normal stop with the raw value kept, never a throw.
 */
export function mapTerminal(response: WireResponse, fallbackStatus: string): TerminalMapping {
	const status = response.status || fallbackStatus;
	switch (status) {
		case "completed":
			return { reason: "stop", raw: status };
		case "incomplete": {
			const reason = response.incomplete_details?.reason || "incomplete";
			if (reason !== "content_filter") return { reason: "length", raw: reason };
			return {
				raw: reason,
				failure: {
					message: "The content filter stopped the response (incomplete, reason content_filter).",
					error: { kind: "invalid_request", code: "content_filter" },
				},
			};
		}
		case "failed":
			return { raw: status, failure: classifyResponseError(response.error) };
		case "cancelled":
			return {
				raw: status,
				failure: {
					message: "The response was cancelled.",
					error: { kind: "unknown", code: status },
				},
			};
		default:
			return { reason: "stop", raw: status };
	}
}

/**
 * Codes of `response.error` that the shared classification table does not know. They
 * all describe the request (its images, its prompt), so retrying it will not help.
 */
const INVALID_REQUEST_CODES = new Set([
	"invalid_prompt",
	"bio_policy",
	"data_residency_mismatch",
	"invalid_image",
	"invalid_image_format",
	"invalid_base64_image",
	"invalid_image_url",
	"image_too_large",
	"image_too_small",
	"image_parse_error",
	"image_content_policy_violation",
	"invalid_image_mode",
	"image_file_too_large",
	"unsupported_image_media_type",
	"empty_image_file",
	"failed_to_download_image",
	"image_file_not_found",
]);

/**
 * Classifies the error of a failed response or of an `error` event: its code through the
 * shared table (`context_length_exceeded` → overflow, `rate_limit_exceeded` → rate_limit,
 * `server_error` → unknown), the Responses-only request codes above, then the overflow
 * wording of the message.
 */
export function classifyResponseError(
	wire: { code?: string | null; message?: string | null } | null | undefined,
): { message: string; error: ProviderError } {
	const code = wire?.code || undefined;
	const text = wire?.message || "The response failed without an error message.";
	const error = classifyFailure({ code, message: text, raw: wire ?? undefined });
	if (error.kind === "unknown" && code && INVALID_REQUEST_CODES.has(code)) error.kind = "invalid_request";
	return { message: text, error };
}

/** The usage object of a response, with every field optional as compatible servers send it. */
export interface WireUsage {
	input_tokens?: number | null;
	input_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
	output_tokens?: number | null;
}

/**
 * `input_tokens` counts cached and cache-written tokens too; Kestrel's `input` is the
 * uncached rest. `output_tokens` already includes the reasoning tokens.
 */
export function mapUsage(usage: WireUsage): UsageReport {
	const cacheRead = usage.input_tokens_details?.cached_tokens ?? 0;
	const cacheWrite = usage.input_tokens_details?.cache_write_tokens ?? 0;
	return {
		input: Math.max(0, (usage.input_tokens ?? 0) - cacheRead - cacheWrite),
		output: usage.output_tokens ?? 0,
		cacheRead,
		cacheWrite,
	};
}

/** The reasoning part of a request body. */
export interface ReasoningRequest {
	reasoning?: Reasoning;
	include?: ResponseIncludable[];
}

/**
 * Chooses `reasoning` and `include` for a reasoning model; other models get neither.
 *
 * The effort follows Chat Completions' `reasoning_effort` rule (the same values):
 * clamped to `model.thinkingLevels` when the model lists them, where `off` becomes
 * `none`; without them `xhigh` becomes `high` and `off` sends no effort (the model's
 * default), because `none` exists only on newer models and the others reject it.
 *
 * Unless reasoning is switched off (`none`), the encrypted reasoning is always asked for:
 * with `store: false` the server keeps nothing, so the reasoning item with its
 * `encrypted_content` is the only way to hand the model its own reasoning on the next
 * turn. Summaries are asked for as `compat.reasoningSummary` says (default `auto`).
 */
export function reasoningRequest(model: Model, options: StreamOptions): ReasoningRequest {
	if (!model.reasoning) return {};
	const effort = mapReasoningEffort(model, options.reasoning);
	if (effort === "none") return { reasoning: { effort } };
	const summary = model.compat?.["openai-responses"]?.reasoningSummary ?? "auto";
	const reasoning: Reasoning = {};
	if (effort) reasoning.effort = effort;
	if (summary !== "none") reasoning.summary = summary;
	const include: ResponseIncludable[] = ["reasoning.encrypted_content"];
	return Object.keys(reasoning).length > 0 ? { reasoning, include } : { include };
}

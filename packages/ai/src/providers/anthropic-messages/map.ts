import type { UsageReport } from "../../assembler.js";
import type { Model, StopReason, StreamOptions, ThinkingLevel } from "../../types.js";

/**
 * Maps Anthropic's `stop_reason`. Unknown values (the API adds new ones) map to `stop`;
 * the raw value is always kept next to ours. `pause_turn` (a long server-tool turn the
 * API paused) ends our turn like `stop`. `refusal` is not mapped here: the stream
 * turns it into an error, see {@link isRefusal}.
 */
export function mapStopReason(raw: string | null | undefined): Exclude<StopReason, "error" | "aborted"> {
	switch (raw) {
		case "tool_use":
			return "toolUse";
		case "max_tokens":
		case "model_context_window_exceeded":
			return "length";
		default:
			return "stop";
	}
}

/**
 * A streaming-classifier refusal: the API cut the answer short for policy reasons.
 * Anthropic asks callers to drop or rephrase the refused turn before going on, so it
 * ends the stream as an error (`invalid_request`, code `refusal`, partial content kept)
 * rather than as a normal `stop` that an agent would build on.
 */
export function isRefusal(raw: string | null | undefined): boolean {
	return raw === "refusal";
}

/** The token counts of `message_start` or `message_delta`, in the wire's field names. */
export interface WireUsage {
	input_tokens?: number | null;
	output_tokens?: number | null;
	cache_read_input_tokens?: number | null;
	cache_creation_input_tokens?: number | null;
}

/**
 * Anthropic's `input_tokens` already excludes cached tokens, as Kestrel's `input` does.
 * Only fields that are present are reported: `message_delta` carries cumulative counts,
 * and proxies omit `input_tokens` there, which must not reset the figure from
 * `message_start`.
 */
export function mapUsage(usage: WireUsage | null | undefined): UsageReport {
	const report: UsageReport = {};
	if (!usage) return report;
	if (typeof usage.input_tokens === "number") report.input = usage.input_tokens;
	if (typeof usage.output_tokens === "number") report.output = usage.output_tokens;
	if (typeof usage.cache_read_input_tokens === "number") report.cacheRead = usage.cache_read_input_tokens;
	if (typeof usage.cache_creation_input_tokens === "number")
		report.cacheWrite = usage.cache_creation_input_tokens;
	return report;
}

/** `budget_tokens` per level for `thinking: {type: "enabled"}`; 1024 is the API's minimum. */
export const THINKING_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = {
	minimal: 1024,
	low: 2048,
	medium: 8192,
	high: 16384,
	xhigh: 32768,
};

const MIN_THINKING_BUDGET = 1024;
/** Output room kept for the answer itself when max_tokens is raised to fit a budget. */
const ANSWER_RESERVE = 1024;

export type AnthropicEffort = "low" | "medium" | "high" | "max";

/**
 * `output_config.effort` per level. The API has no `minimal`; `xhigh` maps to `max`
 * because every model that takes adaptive thinking accepts `max`, while the API's own
 * `xhigh` exists only on the newest models.
 */
export const EFFORTS: Record<Exclude<ThinkingLevel, "off">, AnthropicEffort> = {
	minimal: "low",
	low: "low",
	medium: "medium",
	high: "high",
	xhigh: "max",
};

/** The reasoning part of a request body, and the `max_tokens` it needs. */
export interface ReasoningParams {
	maxTokens: number;
	thinking?: { type: "enabled"; budget_tokens: number } | { type: "adaptive" } | { type: "disabled" };
	effort?: AnthropicEffort;
}

/**
 * Chooses the thinking fields. The API requires `budget_tokens < max_tokens`, and
 * `max_tokens` counts thinking too, so a budget that leaves no room for the answer
 * raises `max_tokens` (never beyond the model's limit) or, failing that, shrinks the
 * budget. A limit too small for the minimum budget sends no thinking at all.
 */
export function reasoningParams(model: Model, options: StreamOptions): ReasoningParams {
	const maxTokens = options.maxTokens ?? model.maxTokens;
	const level = options.reasoning;
	const adaptive = model.compat?.["anthropic-messages"]?.thinkingMode === "adaptive";
	// Adaptive models think unless told not to; those that cannot stop omit "off" from their levels.
	if (adaptive && model.reasoning && level === "off" && (model.thinkingLevels?.includes("off") ?? true)) {
		return { maxTokens, thinking: { type: "disabled" } };
	}
	if (!model.reasoning || !level || level === "off") return { maxTokens };
	if (adaptive) {
		return { maxTokens, thinking: { type: "adaptive" }, effort: EFFORTS[level] };
	}
	let budget = THINKING_BUDGETS[level];
	let limit = maxTokens;
	if (budget + ANSWER_RESERVE > limit) {
		limit = Math.max(limit, Math.min(model.maxTokens, budget + ANSWER_RESERVE));
	}
	if (budget >= limit) budget = Math.max(MIN_THINKING_BUDGET, limit - ANSWER_RESERVE);
	if (budget >= limit) return { maxTokens };
	return { maxTokens: limit, thinking: { type: "enabled", budget_tokens: budget } };
}

/** The API version from which the Messages API rejects sampling parameters; SDK 1.x sends it. */
const SAMPLING_REMOVED_IN = "2026-10-21";

/**
 * Whether `temperature` may be sent. API version 2026-10-21, the SDK's default, answers
 * any `temperature`, `top_p` or `top_k` with HTTP 400 (and the SDK types no longer have
 * them), so the option only applies when the caller pins an older `anthropic-version`
 * header. The API also rejects `temperature` together with thinking; the caller checks that.
 */
export function acceptsSampling(model: Model, options: StreamOptions): boolean {
	const headers = { ...model.headers, ...options.headers };
	const name = Object.keys(headers).findLast((key) => key.toLowerCase() === "anthropic-version");
	const version = name ? headers[name] : undefined;
	return version !== undefined && version < SAMPLING_REMOVED_IN;
}

import type { Model, StopReason, StreamOptions, ThinkingLevel } from "@kestrel/ai";
import type { UsageReport } from "@kestrel/ai/provider-kit";
import type { ResolvedBedrockCompat } from "./compat-flags.js";

/** A stop value that ends the turn normally, or one that ends it as a failure. */
export type MappedStop =
	| { reason: Exclude<StopReason, "error" | "aborted"> }
	| { failure: { message: string; code: string } };

/**
 * Maps `messageStop.stopReason`. Unknown values (the API adds new ones) are a normal
 * `stop`; the raw value is always kept next to ours. `guardrail_intervened` and
 * `content_filtered` cut the answer for policy reasons, and `malformed_model_output` /
 * `malformed_tool_use` mean the model's output could not be used: those end the stream
 * as a failure (`invalid_request` with the raw value as code), with the content so far kept.
 */
export function mapStopReason(raw: string | undefined): MappedStop {
	switch (raw) {
		case "tool_use":
			return { reason: "toolUse" };
		case "max_tokens":
		case "model_context_window_exceeded":
			return { reason: "length" };
		case "guardrail_intervened":
			return failure(raw, "A Bedrock guardrail stopped the answer (stop reason guardrail_intervened).");
		case "content_filtered":
			return failure(raw, "Bedrock's content filter stopped the answer (stop reason content_filtered).");
		case "malformed_model_output":
		case "malformed_tool_use":
			return failure(raw, `The model's output could not be read (stop reason ${raw}).`);
		default:
			return { reason: "stop" };
	}
}

function failure(code: string, message: string): MappedStop {
	return { failure: { code, message } };
}

/** `metadata.usage` of the stream, in the wire's field names. */
export interface WireUsage {
	inputTokens?: number;
	outputTokens?: number;
	totalTokens?: number;
	cacheReadInputTokens?: number;
	cacheWriteInputTokens?: number;
}

/**
 * Bedrock's `inputTokens` already excludes the tokens read from or written to the cache
 * (total input = inputTokens + cacheReadInputTokens + cacheWriteInputTokens), as Kestrel's
 * `input` does, so every count passes through. Only fields that are present are reported.
 */
export function mapUsage(usage: WireUsage | undefined): UsageReport {
	const report: UsageReport = {};
	if (!usage) return report;
	if (typeof usage.inputTokens === "number") report.input = usage.inputTokens;
	if (typeof usage.outputTokens === "number") report.output = usage.outputTokens;
	if (typeof usage.cacheReadInputTokens === "number") report.cacheRead = usage.cacheReadInputTokens;
	if (typeof usage.cacheWriteInputTokens === "number") report.cacheWrite = usage.cacheWriteInputTokens;
	return report;
}

/** Claude's `budget_tokens` per level; 1024 is the minimum Claude accepts. */
export const THINKING_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = {
	minimal: 1024,
	low: 2048,
	medium: 8192,
	high: 16384,
	xhigh: 32768,
};

const MIN_THINKING_BUDGET = 1024;
/** Output room kept for the answer itself when the limit is raised to fit a budget. */
const ANSWER_RESERVE = 1024;

/** The output limit of a request and the thinking budget it carries, if any. */
export interface ReasoningParams {
	/** `inferenceConfig.maxTokens`; undefined sends none (the model's own default applies). */
	maxTokens: number | undefined;
	budget?: number;
}

/**
 * Chooses the output limit and the thinking budget. Claude counts thinking in its output
 * limit and requires `budget_tokens < maxTokens`, so a budget that leaves no room for the
 * answer raises the limit (never beyond the model's) or, failing that, shrinks the budget;
 * a limit too small for the minimum budget sends no thinking. Claude models always get a
 * limit (the model's own when the caller sets none), as on the Anthropic API; other models
 * only when the caller sets one.
 */
export function reasoningParams(
	model: Model,
	options: StreamOptions,
	compat: ResolvedBedrockCompat,
): ReasoningParams {
	const anthropic = compat.thinking === "anthropic-budget";
	const maxTokens = options.maxTokens ?? (anthropic ? model.maxTokens : undefined);
	const level = options.reasoning;
	if (!anthropic || !model.reasoning || !level || level === "off" || maxTokens === undefined) {
		return { maxTokens };
	}
	let budget = THINKING_BUDGETS[level];
	let limit = maxTokens;
	if (budget + ANSWER_RESERVE > limit) {
		limit = Math.max(limit, Math.min(model.maxTokens, budget + ANSWER_RESERVE));
	}
	if (budget >= limit) budget = Math.max(MIN_THINKING_BUDGET, limit - ANSWER_RESERVE);
	if (budget >= limit) return { maxTokens };
	return { maxTokens: limit, budget };
}

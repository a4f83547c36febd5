import type { ThinkingLevel as GeminiThinkingLevel, ThinkingConfig } from "@google/genai";
import type { UsageReport } from "../../assembler.js";
import { clampThinkingLevel } from "../../thinking-levels.js";
import type { Model, ProviderError, StopReason, StreamOptions, ThinkingLevel } from "../../types.js";

/** What a `finishReason` means: a normal stop, or a failure the response ended with. */
export type FinishMapping =
	| { reason: Exclude<StopReason, "error" | "aborted"> }
	| { failure: { message: string; error: ProviderError } };

/**
 * Finish reasons that cut the answer short for a reason other than "done" or "out of
 * tokens": safety and policy filters, recitation, a function call the model could not
 * form, an unsupported language. The text so far is incomplete and an agent must not
 * build on it, so they end the stream as errors; `invalid_request` because sending the
 * same request again is unlikely to help.
 */
const FAILURE_REASONS: Record<string, string> = {
	SAFETY: "the response may violate a safety policy",
	RECITATION: "the response recited training data",
	LANGUAGE: "the response uses an unsupported language",
	BLOCKLIST: "the response contains a forbidden term",
	PROHIBITED_CONTENT: "the response may contain prohibited content",
	SPII: "the response may contain sensitive personal information",
	MALFORMED_FUNCTION_CALL: "the model produced an invalid function call",
	UNEXPECTED_TOOL_CALL: "the model called a tool that is not available",
	TOO_MANY_TOOL_CALLS: "the model called too many tools in a row",
	IMAGE_SAFETY: "a generated image may violate a safety policy",
	IMAGE_PROHIBITED_CONTENT: "a generated image may contain prohibited content",
	IMAGE_RECITATION: "a generated image may recite a source",
	IMAGE_OTHER: "image generation stopped",
	NO_IMAGE: "no image was generated",
	OTHER: "the model stopped for an unspecified reason",
};

/**
 * Maps Gemini's `finishReason`. Function calls end with `STOP` on this API; the assembler
 * turns a `stop` with tool calls into `toolUse`. `CONTINUATION` (a per-request token
 * limit, resumable with a continuation token Kestrel does not use) is `length`. Unknown
 * values are a normal stop with the raw value kept, never a throw.
 */
export function mapFinishReason(raw: string, detail?: string): FinishMapping {
	switch (raw) {
		case "STOP":
		case "FINISH_REASON_UNSPECIFIED":
			return { reason: "stop" };
		case "MAX_TOKENS":
		case "CONTINUATION":
			return { reason: "length" };
	}
	const why = FAILURE_REASONS[raw];
	if (why === undefined) return { reason: "stop" };
	const suffix = detail ? ` (${detail})` : "";
	return {
		failure: {
			message: `Gemini stopped the response: ${why} (finishReason ${raw})${suffix}.`,
			error: { kind: "invalid_request", code: raw },
		},
	};
}

/** A prompt Gemini refused to answer at all (`promptFeedback.blockReason`). */
export function promptBlocked(reason: string, detail?: string): { message: string; error: ProviderError } {
	const suffix = detail ? `: ${detail}` : ".";
	return {
		message: `Gemini blocked the prompt (blockReason ${reason})${suffix}`,
		error: { kind: "invalid_request", code: reason },
	};
}

/** The `usageMetadata` fields Kestrel reads. */
export interface WireUsage {
	promptTokenCount?: number;
	cachedContentTokenCount?: number;
	candidatesTokenCount?: number;
	thoughtsTokenCount?: number;
	toolUsePromptTokenCount?: number;
}

/**
 * `promptTokenCount` includes the cached tokens, so Kestrel's uncached `input` is the
 * difference; tool-use prompt tokens (results of server-side tools) are billed as input.
 * Thoughts are billed as output. Every chunk carries the running totals of the response,
 * so the last one wins; fields a chunk lacks keep their previous value.
 */
export function mapUsage(usage: WireUsage | undefined): UsageReport {
	const report: UsageReport = {};
	if (!usage) return report;
	const cached = usage.cachedContentTokenCount ?? 0;
	if (usage.promptTokenCount !== undefined) {
		report.input = Math.max(0, usage.promptTokenCount - cached) + (usage.toolUsePromptTokenCount ?? 0);
		report.cacheRead = cached;
	}
	if (usage.candidatesTokenCount !== undefined || usage.thoughtsTokenCount !== undefined) {
		report.output = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
	}
	return report;
}

/**
 * `thinkingBudget` per level (Gemini 2.5). Every value fits every 2.5 model: Pro takes
 * 128–32 768, Flash 0–24 576, Flash-Lite 0 or 512–24 576. `off` is 0, which Pro rejects:
 * a catalogue entry without `off` in `thinkingLevels` makes it the lowest listed level.
 */
export const THINKING_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = {
	minimal: 512,
	low: 2048,
	medium: 8192,
	high: 16_384,
	xhigh: 24_576,
};

/**
 * Levels every Gemini 3 model accepts (3 Pro takes only `LOW` and `HIGH`; Flash also
 * `MINIMAL` and `MEDIUM`). Used when the model lists no `thinkingLevels`.
 */
const SAFE_LEVELS: readonly ThinkingLevel[] = ["low", "high"];

const MIN_THINKING_BUDGET = 512;
/** Output room kept for the answer when `maxOutputTokens` is raised to fit a budget. */
const ANSWER_RESERVE = 1024;

/** The thinking part of a request, and the output limit it needs. */
export interface ReasoningParams {
	thinkingConfig?: ThinkingConfig;
	maxOutputTokens?: number;
}

/**
 * Chooses `thinkingConfig` from the unified level. Reasoning models always get
 * `includeThoughts` (else Gemini thinks without showing it); with no level the model's
 * own default budget applies. The level is first clamped to `model.thinkingLevels`.
 *
 * Budget mode: thinking counts against `maxOutputTokens`, so a caller's limit that
 * leaves no room for the answer is raised (never beyond the model's maximum) or the
 * budget shrinks, as on Anthropic. Level mode: Gemini 3 cannot switch thinking off; `off`
 * becomes the lowest accepted level.
 */
export function reasoningParams(model: Model, options: StreamOptions): ReasoningParams {
	const limit = options.maxTokens;
	const base: ReasoningParams = limit !== undefined ? { maxOutputTokens: limit } : {};
	if (!model.reasoning) return base;
	if (options.reasoning === undefined) return { ...base, thinkingConfig: { includeThoughts: true } };
	const mode = model.compat?.["google-generative-ai"]?.thinkingMode ?? "budget";
	if (mode === "level") {
		// Gemini 3 cannot switch thinking off: `off` is never a candidate here.
		const accepted = (model.thinkingLevels ?? SAFE_LEVELS).filter((level) => level !== "off");
		const level = clampThinkingLevel(options.reasoning, accepted.length > 0 ? accepted : SAFE_LEVELS);
		const thinkingLevel = (level === "xhigh" ? "HIGH" : level.toUpperCase()) as GeminiThinkingLevel;
		return { ...base, thinkingConfig: { includeThoughts: true, thinkingLevel } };
	}
	const level = clampThinkingLevel(options.reasoning, model.thinkingLevels ?? []);
	if (level === "off") return { ...base, thinkingConfig: { thinkingBudget: 0 } };
	let budget = THINKING_BUDGETS[level];
	let maxOutputTokens = limit;
	if (maxOutputTokens !== undefined && budget + ANSWER_RESERVE > maxOutputTokens) {
		maxOutputTokens = Math.max(maxOutputTokens, Math.min(model.maxTokens, budget + ANSWER_RESERVE));
		if (budget + ANSWER_RESERVE > maxOutputTokens) {
			budget = Math.max(MIN_THINKING_BUDGET, maxOutputTokens - ANSWER_RESERVE);
		}
	}
	const thinkingConfig: ThinkingConfig = { includeThoughts: true, thinkingBudget: budget };
	return maxOutputTokens !== undefined ? { maxOutputTokens, thinkingConfig } : { thinkingConfig };
}

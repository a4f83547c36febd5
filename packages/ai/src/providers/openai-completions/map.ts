import type { UsageReport } from "../../assembler.js";
import type { ProviderError, StopReason } from "../../types.js";

/** What a `finish_reason` means: a normal stop, or a failure the response ended with. */
export type FinishMapping =
	| { reason: Exclude<StopReason, "error" | "aborted"> }
	| { failure: { message: string; error: ProviderError } };

/**
 * Maps `finish_reason`. Unknown values (servers invent their own: `eos`, `end_turn`, …)
 * are a normal stop with the raw value kept, never a throw.
 *
 * `content_filter` is a failure, not a stop: the provider cut the answer off for policy
 * reasons, and the text so far is incomplete. It is `invalid_request` because sending the
 * same request again is unlikely to help. OpenRouter's `error` finish comes with an error
 * chunk the SDK throws on; a bare one is still reported as a failure.
 */
export function mapFinishReason(raw: string): FinishMapping {
	switch (raw) {
		case "stop":
			return { reason: "stop" };
		case "length":
			return { reason: "length" };
		case "tool_calls":
		case "function_call":
			return { reason: "toolUse" };
		case "content_filter":
			return {
				failure: {
					message: "The provider's content filter stopped the response (finish_reason content_filter).",
					error: { kind: "invalid_request", code: "content_filter" },
				},
			};
		case "error":
			return {
				failure: {
					message: "The provider ended the response with finish_reason error.",
					error: { kind: "unknown", code: "error" },
				},
			};
		default:
			return { reason: "stop" };
	}
}

/** The usage object of a chunk, with the fields compatible servers add. */
export interface WireUsage {
	prompt_tokens?: number | null;
	completion_tokens?: number | null;
	prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
	/** DeepSeek's name for cached prompt tokens. */
	prompt_cache_hit_tokens?: number | null;
	/** Moonshot and a few others put it at the top level. */
	cached_tokens?: number | null;
	total_tokens?: number | null;
	completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/**
 * `prompt_tokens` counts cached tokens too (OpenAI, xAI, DeepSeek, OpenRouter, whose
 * `cache_write_tokens` are also inside it); Kestrel's `input` is the uncached rest.
 * `completion_tokens` includes reasoning on OpenAI; xAI counts reasoning outside it (its
 * `total_tokens` is prompt + completion + reasoning), and then Kestrel's `output`, which
 * includes reasoning, adds it back. The total decides, so no provider name is needed.
 */
export function mapUsage(usage: WireUsage): UsageReport {
	const prompt = usage.prompt_tokens ?? 0;
	const completion = usage.completion_tokens ?? 0;
	const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
	const reasoningOutside = reasoning > 0 && usage.total_tokens === prompt + completion + reasoning;
	const details = usage.prompt_tokens_details;
	const cacheRead = details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? usage.cached_tokens ?? 0;
	const cacheWrite = details?.cache_write_tokens ?? 0;
	return {
		input: Math.max(0, prompt - cacheRead - cacheWrite),
		output: completion + (reasoningOutside ? reasoning : 0),
		cacheRead,
		cacheWrite,
	};
}

/** OpenAI's `reasoning_effort` values that the unified levels map onto. */

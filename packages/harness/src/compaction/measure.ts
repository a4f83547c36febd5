import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantMessage } from "@kestrel/ai";
import { estimateContextTokens, estimateTokens } from "./estimate.js";
import type { ContextMeasure, MeasuredContext } from "./types.js";

/**
 * Measures a context for the compaction decision: the larger of the local estimate and
 * the last provider-reported usage plus an estimate of the messages after it.
 *
 * Usage counts only when it describes this context: responses that failed (`error`,
 * `aborted`) or reported zero tokens are skipped, and so is every response that started
 * before the latest compaction summary in `messages` (a kept message's usage measured the
 * larger context that the compaction replaced).
 */
export function measureContext(context: MeasuredContext): ContextMeasure {
	const estimated = estimateContextTokens(context);
	const { messages } = context;
	const estimate = context.estimate ?? estimateTokens;
	const summaryTime = latestSummaryTime(messages);
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index]!;
		if (message.role !== "assistant" || !usageCounts(message, summaryTime)) continue;
		let fromUsage = usageTotal(message);
		for (let after = index + 1; after < messages.length; after++) fromUsage += estimate(messages[after]!);
		return { tokens: Math.max(estimated, fromUsage), estimated, fromUsage };
	}
	return { tokens: estimated, estimated };
}

/** input + output + cache reads + cache writes; `totalTokens` is not trusted to be their sum. */
export function usageTotal(message: AssistantMessage): number {
	const { input, output, cacheRead, cacheWrite } = message.usage;
	return input + output + cacheRead + cacheWrite;
}

function usageCounts(message: AssistantMessage, summaryTime: number): boolean {
	if (message.stopReason === "error" || message.stopReason === "aborted") return false;
	return usageTotal(message) > 0 && message.timestamp >= summaryTime;
}

function latestSummaryTime(messages: readonly AgentMessage[]): number {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index]!;
		if (message.role === "compactionSummary") return message.timestamp;
	}
	return Number.NEGATIVE_INFINITY;
}

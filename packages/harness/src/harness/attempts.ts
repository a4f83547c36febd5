import type { AgentMessage, RunOutcome, RunStats } from "@kestrel/agent-core";
import { addUsage, type ProviderError, zeroUsage } from "@kestrel/ai";
import type { CompactionSettings } from "../compaction/types.js";
import { retryDelay } from "../retry/retry-delay.js";
import type { RetrySettings } from "../retry/types.js";

/** What one prompt (all its attempts: retries, compact-and-retry) has gathered so far. */
export interface Attempts {
	signal: AbortSignal;
	/** Every message the attempts added, failed ones included: `agent_end.messages`. */
	messages: AgentMessage[];
	/** The attempts' totals, summed: `agent_end.stats`. */
	stats: RunStats;
	/** Retries since the last completed turn. */
	retries: number;
	/** Whether this turn already had its compact-and-retry. */
	overflowRetried: boolean;
	/** Compactions in a row that left the context over the limit. */
	ineffectiveCompactions: number;
	/** The latest attempt's outcome; the prompt's once the attempts are over. */
	outcome?: RunOutcome;
	/** Provider silence (ms) that ended in timeouts, over all attempts; see `TimeoutSettings.maxStallMs`. */
	stalledMs: number;
	/** `Date.now()` when the latest request started or the provider last sent something: a timeout's silence is counted from it. */
	lastActivityAt: number;
}

export function newAttempts(signal: AbortSignal): Attempts {
	return {
		signal,
		messages: [],
		stats: { turns: 0, toolCalls: 0, usage: zeroUsage() },
		retries: 0,
		overflowRetried: false,
		ineffectiveCompactions: 0,
		stalledMs: 0,
		lastActivityAt: Date.now(),
	};
}

/** Adds one run's totals to the prompt's. */
export function foldStats(total: RunStats, run: RunStats): void {
	total.turns += run.turns;
	total.toolCalls += run.toolCalls;
	addUsage(total.usage, run.usage);
}

/** What to do after an attempt failed with `error`. */
export type FailureResponse =
	| { action: "compact_and_retry" }
	| { action: "retry"; delayMs: number }
	| { action: "give_up" };

/**
 * The policy after a failed attempt, pure: a context overflow gets one compaction and the
 * same request again per turn (when compaction is on); a transient error (see
 * `retryDelay`) waits and retries; anything else is final.
 */
export function respondToFailure(
	error: ProviderError | undefined,
	attempts: Pick<Attempts, "overflowRetried" | "retries">,
	compaction: Pick<CompactionSettings, "enabled">,
	retry: RetrySettings,
): FailureResponse {
	if (error?.kind === "overflow") {
		return compaction.enabled && !attempts.overflowRetried
			? { action: "compact_and_retry" }
			: { action: "give_up" };
	}
	const delayMs = error ? retryDelay(error, attempts.retries + 1, retry) : undefined;
	return delayMs === undefined ? { action: "give_up" } : { action: "retry", delayMs };
}

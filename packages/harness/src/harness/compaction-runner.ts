import type { AgentTool } from "@kestrel/agent-core";
import { compactSession } from "../compaction/compact-session.js";
import { compactionLimit } from "../compaction/decide.js";
import { estimateFixedTokens } from "../compaction/estimate.js";
import { measureContext } from "../compaction/measure.js";
import type { CompactionOutcome, CompactionSettings, Summarizer } from "../compaction/types.js";
import type { CompactionReason, Session } from "../session/types.js";
import { HarnessError } from "./harness-error.js";
import type { HarnessEvent } from "./types.js";

/** What a compaction needs from the harness. */
export interface CompactionHost {
	session: Session;
	tools: readonly AgentTool[];
	settings: CompactionSettings;
	summarizer: Summarizer;
	emit(event: HarnessEvent): Promise<void>;
}

export interface CompactionRequest {
	reason: CompactionReason;
	/** Whether the interrupted request is sent again afterwards (reported in `compaction_end`). */
	willRetry: boolean;
	signal: AbortSignal;
	/** The window the result must fit: the current model's, or the next one's. */
	contextWindow: number;
	systemPrompt?: string;
	instructions?: string;
}

/**
 * Compacts the host's session with `compaction_start`, `entry_persisted` and
 * `compaction_end` around it, then makes the new entry durable.
 */
export async function runCompaction(
	host: CompactionHost,
	request: CompactionRequest,
): Promise<CompactionOutcome> {
	const { session, tools } = host;
	const { reason, willRetry, contextWindow, systemPrompt } = request;
	const measure = measureContext({ systemPrompt, messages: session.buildContext().messages, tools });
	await host.emit({ type: "compaction_start", reason, tokens: measure.tokens, contextWindow });
	const outcome = await compactSession(session, {
		reason,
		settings: host.settings,
		contextWindow,
		summarizer: host.summarizer,
		systemPrompt,
		tools,
		instructions: request.instructions,
		signal: request.signal,
		measure,
	});
	await host.emit({ type: "entry_persisted", entry: outcome.entry });
	if (outcome.ok) {
		const { entry } = outcome;
		await host.emit({
			type: "compaction_end",
			reason,
			ok: true,
			method: entry.method,
			tokensBefore: entry.tokensBefore,
			tokensAfter: entry.tokensAfter,
			willRetry,
			...(entry.summaryError === undefined ? {} : { error: entry.summaryError }),
		});
	} else {
		await host.emit({
			type: "compaction_end",
			reason,
			ok: false,
			tokensBefore: outcome.entry.tokens,
			willRetry: false,
			error: outcome.error,
		});
	}
	await session.flush();
	return outcome;
}

/** Whether a compaction brought the context under the limit and made it smaller. */
export function isEffective(
	outcome: CompactionOutcome,
	contextWindow: number,
	settings: CompactionSettings,
): boolean {
	return (
		outcome.ok &&
		outcome.entry.tokensAfter < outcome.entry.tokensBefore &&
		outcome.entry.tokensAfter <= compactionLimit(contextWindow, settings)
	);
}

/** The error that stops a run after compactions that did not help, naming the likely cause. */
export function ineffectiveCompactionError(
	outcome: CompactionOutcome,
	contextWindow: number,
	settings: CompactionSettings,
	fixed: { systemPrompt?: string; tools: readonly AgentTool[] },
): HarnessError {
	const tokens = outcome.ok ? outcome.entry.tokensAfter : outcome.entry.tokens;
	const limit = compactionLimit(contextWindow, settings);
	const fixedTokens = estimateFixedTokens(fixed.systemPrompt, fixed.tools);
	const cause =
		fixedTokens > limit
			? `the system prompt and tool definitions alone take ${fixedTokens} tokens: shorten the context files or use fewer tools`
			: "the recent messages alone do not fit: start a new session, switch to a model with a larger window, or lower compaction.keepRecentTokens";
	return new HarnessError(
		"compaction_ineffective",
		`The context is still ${tokens} tokens after two compactions (limit ${limit} of a ${contextWindow}-token window); ${cause}.`,
	);
}

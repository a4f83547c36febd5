import type { Session } from "../session/types.js";
import { compactionLimit } from "./decide.js";
import { estimateFixedTokens, estimateTokens } from "./estimate.js";
import { fallbackCompaction } from "./fallback.js";
import { collectFileOperations, withFileSections, withoutFileSections } from "./files.js";
import { measureContext } from "./measure.js";
import { type CompactionPlan, planCompaction } from "./plan.js";
import { stripOldestToolResults } from "./strip-tool-results.js";
import { summarizeHistory } from "./summarize.js";
import { SummaryError } from "./summary-error.js";
import type { CompactionOutcome, CompactSessionOptions } from "./types.js";

/** What `compactSession` uses of a {@link Session}. */
export type CompactableSession = Pick<
	Session,
	"leafId" | "getBranch" | "buildContext" | "appendCompaction" | "appendCompactionFailed"
>;

/** At most this fraction of the compaction limit is kept word for word, so that small windows still shrink. */
export const MAX_KEEP_FRACTION = 0.4;

/** The most the estimate is assumed to undercount the provider's own token count. */
export const MAX_ESTIMATE_SCALE = 2;

/**
 * Compacts the session at its current leaf and appends the result: a `compaction` entry,
 * or a `compaction_failed` entry when nothing could be removed.
 *
 * Measures the context (`tokensBefore`), plans the cut (keeping
 * `min(keepRecentTokens, 40 % of the limit)` word for word, and for a manual compaction
 * at most half of the messages, so that asking for one always summarises something), summarises the history
 * before the cut (updating the previous summary), and appends the entry with
 * `tokensAfter`, the estimate of the context rebuilt from it. When summarising fails for
 * any reason (error, overflow, abort, empty reply) the deterministic fallback runs
 * instead and the entry records `method: "fallback"` and `summaryError`.
 *
 * `settings.enabled` is NOT checked here: the caller decides whether to compact (manual
 * compaction runs even when automatic compaction is off). This is the compaction step,
 * not an orchestrator: it emits nothing and does not flush. `AgentHarness` orchestrates it
 * (measuring, deciding, events, durability) and passes its own `measure`, so that the
 * context is measured once, with one estimator.
 */
export async function compactSession(
	session: CompactableSession,
	options: CompactSessionOptions,
): Promise<CompactionOutcome> {
	const { reason, settings, systemPrompt, tools } = options;
	const fixedTokens = estimateFixedTokens(systemPrompt, tools);
	const measure =
		options.measure ?? measureContext({ systemPrompt, messages: session.buildContext().messages, tools });
	const tokensBefore = measure.tokens;
	const limit = compactionLimit(options.contextWindow, settings);
	// When the provider counts more tokens than the estimate does, targets in estimated tokens shrink to
	// match; by at most MAX_ESTIMATE_SCALE, so that one odd usage figure cannot empty the context.
	const scale = Math.min(MAX_ESTIMATE_SCALE, Math.max(1, measure.tokens / Math.max(1, measure.estimated)));
	// A provider that refused the request counted more than the whole window, so the estimate undercounts by
	// at least window / estimate: the target shrinks by that much, whatever the scale cap says.
	const overflowTarget =
		reason === "overflow"
			? Math.floor((tokensBefore * limit) / options.contextWindow)
			: Number.POSITIVE_INFINITY;
	const target = Math.min(Math.floor(limit / scale), overflowTarget);
	// Asked for by the user, a compaction summarises at least the older half of the messages, however small.
	const messageTokens = Math.max(0, measure.estimated - fixedTokens);
	const keep = Math.min(
		settings.keepRecentTokens,
		Math.floor(target * MAX_KEEP_FRACTION),
		reason === "manual" ? Math.floor(messageTokens / 2) : Number.POSITIVE_INFINITY,
	);
	const plan = planCompaction(session.getBranch(), keep);
	const previousSummary =
		plan.previousSummary === undefined ? undefined : withoutFileSections(plan.previousSummary);
	const optional = options.instructions?.trim() ? { instructions: options.instructions.trim() } : {};

	const fail = (error: string): CompactionOutcome => {
		const entry = session.appendCompactionFailed({ reason, error, tokens: tokensBefore });
		return { ok: false, entry, error };
	};

	const fallback = (summaryError: string, summaryRequests: number): CompactionOutcome => {
		const result = fallbackCompaction({
			candidateEntries: plan.candidateEntries,
			previousSummary,
			previousFiles: plan.previousFiles,
			error: summaryError,
			limit: target,
			fixedTokens,
		});
		if (!removesAnything(plan, result.firstKeptEntryId, result.strippedEntryIds)) {
			return fail(
				`Summarising failed (${summaryError}), and the context (${tokensBefore} tokens) already fits the limit ` +
					`of ${limit} tokens, so the fallback removed nothing. Retry the compaction when the summariser works.`,
			);
		}
		const entry = session.appendCompaction({
			summary: result.summary,
			firstKeptEntryId: result.firstKeptEntryId,
			tokensBefore,
			tokensAfter: result.tokensAfter,
			reason,
			method: "fallback",
			summaryError,
			...nonEmpty("strippedEntryIds", result.strippedEntryIds),
			...filesField(result.files),
			...optional,
		});
		return { ok: true, entry, summaryRequests };
	};

	if (plan.candidateEntries.length === 0) return fail("Nothing to compact: the session has no messages yet.");
	if (plan.firstKeptIndex === 0) {
		if (tokensBefore <= limit && reason !== "overflow") {
			return fail(
				`Nothing to compact: the whole context (${tokensBefore} tokens) is recent history, which is kept word ` +
					`for word (up to ${keep} tokens). Lower keepRecentTokens to compact smaller contexts.`,
			);
		}
		return fallback("there was no history older than the recent messages to summarise", 0);
	}

	let summarized: { summary: string; requests: number };
	try {
		summarized = await summarizeHistory(
			{ messages: plan.toSummarize, previousSummary, turnPrefix: plan.turnPrefix, ...optional },
			options.summarizer,
			settings,
			options.signal,
		);
	} catch (error) {
		return fallback(describeFailure(error), error instanceof SummaryError ? error.requests : 0);
	}

	const files = collectFileOperations([...plan.toSummarize, ...plan.turnPrefix], plan.previousFiles);
	const summary = withFileSections(summarized.summary, files);
	const summaryCost = estimateTokens({ role: "compactionSummary", summary, tokensBefore, timestamp: 0 });
	// A summary and kept turn that are still too big lose their oldest tool outputs, as in the fallback.
	const kept = stripOldestToolResults(
		plan.candidateEntries,
		plan.firstKeptIndex,
		target - fixedTokens - summaryCost,
	);
	const entry = session.appendCompaction({
		summary,
		firstKeptEntryId: plan.firstKeptEntryId,
		tokensBefore,
		tokensAfter: fixedTokens + summaryCost + kept.tokens,
		reason,
		method: "summary",
		...nonEmpty("strippedEntryIds", kept.strippedEntryIds),
		...filesField(files),
		...optional,
	});
	return { ok: true, entry, summaryRequests: summarized.requests };
}

function describeFailure(error: unknown): string {
	if (error instanceof SummaryError) return `${error.kind}: ${error.message}`;
	return `unknown: ${error instanceof Error ? error.message : String(error)}`;
}

function removesAnything(
	plan: CompactionPlan,
	firstKeptEntryId: string | null,
	stripped: readonly string[],
): boolean {
	if (firstKeptEntryId !== plan.candidateEntries[0]?.entryId) return true;
	const before = plan.candidateEntries.filter((candidate) => candidate.stripped).length;
	return stripped.length > before;
}

function nonEmpty<K extends string>(key: K, ids: string[]): { [P in K]?: string[] } {
	return (ids.length > 0 ? { [key]: ids } : {}) as { [P in K]?: string[] };
}

function filesField(files: { read: string[]; modified: string[] }) {
	return files.read.length > 0 || files.modified.length > 0 ? { files } : {};
}

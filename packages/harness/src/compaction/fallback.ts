import { STRIPPED_TOOL_RESULT_TEXT } from "../messages.js";
import { isValidCut } from "./cut-point.js";
import { estimateTokens } from "./estimate.js";
import { collectFileOperations, type FileOperations, withFileSections } from "./files.js";
import type { CandidateEntry } from "./plan.js";
import { stripOldestToolResults, strippedTokens } from "./strip-tool-results.js";

export interface FallbackInput {
	/** The entries the compaction covers (`CompactionPlan.candidateEntries`). */
	candidateEntries: readonly CandidateEntry[];
	/** The previous compaction's summary, without its file sections; kept at the top. */
	previousSummary?: string;
	previousFiles?: Readonly<FileOperations>;
	/** Why summarising failed; written into the marker summary. */
	error: string;
	/** The estimated tokens the context must fit. */
	limit: number;
	/** The estimated tokens of the system prompt and tools, sent with every request. */
	fixedTokens: number;
}

export interface FallbackResult {
	/** The marker summary: the previous summary (if any) and a note of what was removed and why. */
	summary: string;
	/** The first kept entry; `null` when no entry fits at all. */
	firstKeptEntryId: string | null;
	/** Kept tool results without their bodies (stripped earlier or now). */
	strippedEntryIds: string[];
	/** The estimated context afterwards: fixed tokens, summary and kept entries. */
	tokensAfter: number;
	/** The previous files, plus those of the removed entries. */
	files: FileOperations;
}

/**
 * A compaction without a model, for when summarising failed. Deterministic: the same
 * input gives the same output.
 *
 * 1. Keep every entry, and drop the bodies of the oldest tool results (the newest keep
 *    theirs) until the context fits `limit`.
 * 2. If even all bodies dropped do not fit, cut hard: keep the newest entries that fit,
 *    starting at a valid cut point (never a tool result), stripping the oldest kept tool
 *    results as needed. The summary then says that earlier messages were removed without
 *    a summary because summarising failed.
 */
export function fallbackCompaction(input: FallbackInput): FallbackResult {
	const candidates = input.candidateEntries;
	const count = candidates.length;
	const keepAll = buildSummary(
		input,
		stripNote(input.error),
		input.previousFiles ?? { read: [], modified: [] },
	);
	const keepAllBudget = input.limit - input.fixedTokens - summaryTokens(keepAll.summary);
	let minimum = 0;
	for (const candidate of candidates) minimum += strippedTokens(candidate);
	if (minimum <= keepAllBudget) {
		const kept = stripOldestToolResults(candidates, 0, keepAllBudget);
		return {
			...keepAll,
			firstKeptEntryId: candidates[0]?.entryId ?? null,
			strippedEntryIds: kept.strippedEntryIds,
			tokensAfter: input.fixedTokens + summaryTokens(keepAll.summary) + kept.tokens,
		};
	}

	// The files of every candidate bound the summary of any cut from above, so the budget is safe for all cuts.
	const note = cutNote(input.error);
	const widest = buildSummary(
		input,
		note,
		collectFileOperations(messagesOf(candidates, 0, count), input.previousFiles),
	);
	const budget = input.limit - input.fixedTokens - summaryTokens(widest.summary);
	const suffix = new Array<number>(count + 1).fill(0);
	for (let index = count - 1; index >= 0; index--)
		suffix[index] = suffix[index + 1]! + strippedTokens(candidates[index]!);
	let cut = count;
	for (let index = 1; index < count; index++) {
		if (isValidCut(candidates, index) && suffix[index]! <= budget) {
			cut = index;
			break;
		}
	}
	const cutSummary = buildSummary(
		input,
		note,
		collectFileOperations(messagesOf(candidates, 0, cut), input.previousFiles),
	);
	const kept = stripOldestToolResults(candidates, cut, budget);
	return {
		...cutSummary,
		firstKeptEntryId: candidates[cut]?.entryId ?? null,
		strippedEntryIds: kept.strippedEntryIds,
		tokensAfter: input.fixedTokens + summaryTokens(cutSummary.summary) + kept.tokens,
	};
}

function stripNote(error: string): string {
	return (
		`Summarising the conversation failed (${error}), so it was not summarised. To fit the context window, ` +
		`the outputs of the oldest tool calls were replaced by "${STRIPPED_TOOL_RESULT_TEXT}"; run a tool again ` +
		"if you need its output."
	);
}

function cutNote(error: string): string {
	return (
		`Earlier messages of this conversation were removed without a summary because summarising them failed ` +
		`(${error}). Only what is written here and the messages that follow remain; ask the user if something ` +
		"you need is missing."
	);
}

function buildSummary(
	input: FallbackInput,
	note: string,
	files: FileOperations,
): { summary: string; files: FileOperations } {
	const body = input.previousSummary?.trim() ? `${input.previousSummary.trim()}\n\n${note}` : note;
	return { summary: withFileSections(body, files), files };
}

function summaryTokens(summary: string): number {
	return estimateTokens({ role: "compactionSummary", summary, tokensBefore: 0, timestamp: 0 });
}

function messagesOf(candidates: readonly CandidateEntry[], from: number, to: number) {
	return candidates.slice(from, to).map((candidate) => candidate.message);
}

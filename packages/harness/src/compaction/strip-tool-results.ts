import { stripToolResult } from "../messages.js";
import { estimateTokens } from "./estimate.js";
import type { CandidateEntry } from "./plan.js";

/** What stripping left of the kept entries. */
export interface StrippedKept {
	/** Every kept tool result without its body: stripped earlier or now, in entry order. */
	strippedEntryIds: string[];
	/** The estimated tokens of the kept entries afterwards. */
	tokens: number;
}

/**
 * Replaces the bodies of the oldest tool results among `candidates[from..]` by the
 * stripped marker, one at a time, until the entries fit `budget` tokens or no tool
 * result with a body is left. The newest results keep their bodies longest: they are the
 * ones the model is working with.
 */
export function stripOldestToolResults(
	candidates: readonly CandidateEntry[],
	from: number,
	budget: number,
): StrippedKept {
	let tokens = 0;
	for (let index = from; index < candidates.length; index++) tokens += candidates[index]!.tokens;
	const strippedEntryIds: string[] = [];
	for (let index = from; index < candidates.length; index++) {
		const candidate = candidates[index]!;
		if (candidate.kind !== "toolResult") continue;
		if (!candidate.stripped) {
			if (tokens <= budget) continue;
			tokens -= candidate.tokens - strippedTokens(candidate);
		}
		strippedEntryIds.push(candidate.entryId);
	}
	return { strippedEntryIds, tokens };
}

/** The tokens of a candidate once its tool-result body is stripped (unchanged for other kinds). */
export function strippedTokens(candidate: CandidateEntry): number {
	if (candidate.kind !== "toolResult" || candidate.stripped) return candidate.tokens;
	return Math.min(candidate.tokens, estimateTokens(stripToolResult(candidate.message)));
}

import type { AgentMessage } from "@kestrel/agent-core";
import { toMessage } from "../session/build-session-context.js";
import type { CompactionEntry, TreeEntry } from "../session/types.js";
import { type CutItem, findCutPoint } from "./cut-point.js";
import { estimateTokens } from "./estimate.js";

/** A message-like entry that a compaction may summarise or keep. */
export interface CandidateEntry {
	entryId: string;
	kind: CutItem["kind"];
	/** The message as the model sees it now (a tool result stripped earlier has its marker). */
	message: AgentMessage;
	tokens: number;
	/** The body was already removed by an earlier compaction. */
	stripped: boolean;
}

/** What `planCompaction` decided. */
export interface CompactionPlan {
	/** Every message-like entry the new compaction covers, root side first. */
	candidateEntries: CandidateEntry[];
	/** The index in `candidateEntries` of the first kept entry; 0 when nothing is cut. */
	firstKeptIndex: number;
	/** The first kept entry; `null` only when there are no candidates. */
	firstKeptEntryId: string | null;
	/** The history to summarise (before the turn prefix). */
	toSummarize: AgentMessage[];
	/** The start of the turn the cut falls in, summarised separately; empty when the cut is on a turn boundary. */
	turnPrefix: AgentMessage[];
	/** The summary of the previous compaction on the path, to be updated. */
	previousSummary?: string;
	/** The files of the previous compaction on the path, to be accumulated. */
	previousFiles?: { read: string[]; modified: string[] };
}

/**
 * Plans a compaction of the path root→leaf (`Session.getBranch()`).
 *
 * The candidates are the message-like entries (messages, branch summaries, custom
 * messages) from the previous compaction's first kept entry (or the root) to the leaf;
 * compaction entries are never candidates. The cut keeps at least `keepRecentTokens` and
 * never separates a tool call from its result ({@link findCutPoint}).
 */
export function planCompaction(branch: readonly TreeEntry[], keepRecentTokens: number): CompactionPlan {
	const previous = latestCompaction(branch);
	const start = previous ? candidatesStart(branch, previous) : 0;
	const stripped = new Set(previous?.entry.strippedEntryIds ?? []);
	const candidateEntries: CandidateEntry[] = [];
	for (let index = start; index < branch.length; index++) {
		const candidate = toCandidate(branch[index]!, stripped);
		if (candidate) candidateEntries.push(candidate);
	}
	const cut = findCutPoint(candidateEntries, keepRecentTokens);
	const turnStart = cut.turnStartIndex ?? cut.firstKeptIndex;
	const messagesOf = (from: number, to: number) =>
		candidateEntries.slice(from, to).map((candidate) => candidate.message);
	const plan: CompactionPlan = {
		candidateEntries,
		firstKeptIndex: cut.firstKeptIndex,
		firstKeptEntryId: candidateEntries[cut.firstKeptIndex]?.entryId ?? null,
		toSummarize: messagesOf(0, turnStart),
		turnPrefix: messagesOf(turnStart, cut.firstKeptIndex),
	};
	if (previous) {
		plan.previousSummary = previous.entry.summary;
		if (previous.entry.files) plan.previousFiles = previous.entry.files;
	}
	return plan;
}

function latestCompaction(
	branch: readonly TreeEntry[],
): { entry: CompactionEntry; index: number } | undefined {
	for (let index = branch.length - 1; index >= 0; index--) {
		const entry = branch[index]!;
		if (entry.type === "compaction") return { entry, index };
	}
	return undefined;
}

function candidatesStart(
	branch: readonly TreeEntry[],
	previous: { entry: CompactionEntry; index: number },
): number {
	const { firstKeptEntryId } = previous.entry;
	if (firstKeptEntryId !== null) {
		for (let index = 0; index < previous.index; index++)
			if (branch[index]!.id === firstKeptEntryId) return index;
	}
	return previous.index + 1;
}

function toCandidate(entry: TreeEntry, stripped: ReadonlySet<string>): CandidateEntry | undefined {
	// Blob image references keep `type: "image"`; estimating and serialising never read their data.
	const message = toMessage(entry, stripped, (content) => content);
	if (!message) return undefined;
	return {
		entryId: entry.id,
		kind: kindOf(message),
		message,
		tokens: estimateTokens(message),
		stripped: message.role === "toolResult" && stripped.has(entry.id),
	};
}

function kindOf(message: AgentMessage): CutItem["kind"] {
	if (message.role === "user" || message.role === "assistant" || message.role === "toolResult")
		return message.role;
	return "other";
}

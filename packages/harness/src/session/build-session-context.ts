import type { AgentMessage } from "@kestrel/agent-core";
import {
	type BranchSummaryMessage,
	type CompactionSummaryMessage,
	type HarnessCustomMessage,
	stripToolResult,
} from "../messages.js";
import type { CompactionEntry, SessionContext, TreeEntry } from "./types.js";

/** Puts the data back into the blob image references of an entry's content array. */
export type ContentRestorer = <T>(content: T, entry: TreeEntry) => T;

/**
 * What the model gets for a path (root to leaf, as from `getBranch`), in O(path length):
 * the latest compaction's summary, the entries it kept, then everything after it; the
 * model and thinking level are the latest changes on the whole path.
 */
export function buildSessionContext(
	path: readonly TreeEntry[],
	restore: ContentRestorer = (content) => content,
): SessionContext {
	const context: SessionContext = { messages: [], entryIds: [] };
	let compactionIndex = -1;
	for (let index = 0; index < path.length; index++) {
		const entry = path[index] as TreeEntry;
		if (entry.type === "compaction") compactionIndex = index;
		else if (entry.type === "model_change") {
			context.model = { provider: entry.provider, modelId: entry.modelId };
			if (entry.api !== undefined) context.model.api = entry.api;
		} else if (entry.type === "thinking_level_change") context.thinkingLevel = entry.thinkingLevel;
	}
	const compaction = compactionIndex >= 0 ? (path[compactionIndex] as CompactionEntry) : undefined;
	const stripped = new Set(compaction?.strippedEntryIds ?? []);
	const add = (entry: TreeEntry) => {
		const message = toMessage(entry, stripped, restore);
		if (message) {
			context.messages.push(message);
			context.entryIds.push(entry.id);
		}
	};
	if (compaction) {
		context.compaction = compaction;
		const summary: CompactionSummaryMessage = {
			role: "compactionSummary",
			summary: compaction.summary,
			tokensBefore: compaction.tokensBefore,
			timestamp: Date.parse(compaction.timestamp),
		};
		context.messages.push(summary);
		context.entryIds.push(compaction.id);
		let firstKept = compactionIndex;
		if (compaction.firstKeptEntryId !== null) {
			for (let index = 0; index < compactionIndex; index++) {
				if (path[index]?.id === compaction.firstKeptEntryId) {
					firstKept = index;
					break;
				}
			}
		}
		for (let index = firstKept; index < compactionIndex; index++) add(path[index] as TreeEntry);
	}
	for (let index = compactionIndex + 1; index < path.length; index++) add(path[index] as TreeEntry);
	return context;
}

/**
 * The message the model gets for one entry, or `undefined` for entries that are not
 * message-like (compactions, model and thinking-level changes, …). A tool result in
 * `stripped` has its body replaced by the marker; `restore` puts blob image data back.
 */
export function toMessage(
	entry: TreeEntry,
	stripped: ReadonlySet<string>,
	restore: ContentRestorer,
): AgentMessage | undefined {
	switch (entry.type) {
		case "message": {
			const { message } = entry;
			if (message.role === "toolResult" && stripped.has(entry.id)) {
				return stripToolResult(message);
			}
			if (message.role !== "user" && message.role !== "toolResult" && message.role !== "custom")
				return message;
			const content = restore(message.content, entry);
			return content === message.content ? message : ({ ...message, content } as AgentMessage);
		}
		case "branch_summary": {
			const summary: BranchSummaryMessage = {
				role: "branchSummary",
				summary: entry.summary,
				fromId: entry.fromId,
				timestamp: Date.parse(entry.timestamp),
			};
			return summary;
		}
		case "custom_message": {
			const message: HarnessCustomMessage = {
				role: "custom",
				customType: entry.customType,
				content: restore(entry.content, entry) as HarnessCustomMessage["content"],
				display: entry.display !== false,
				timestamp: Date.parse(entry.timestamp),
			};
			if (entry.details !== undefined) message.details = entry.details;
			return message;
		}
		default:
			return undefined;
	}
}

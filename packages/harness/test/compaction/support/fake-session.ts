import type { AgentMessage } from "@kestrel/agent-core";
import type { CompactableSession } from "../../../src/compaction/compact-session.js";
import { stripToolResult } from "../../../src/messages.js";
import type {
	BranchSummaryEntry,
	CompactionEntry,
	CompactionFailedEntry,
	CustomMessageEntry,
	MessageEntry,
	SessionContext,
	TreeEntry,
} from "../../../src/session/types.js";

/** The marker the session puts in place of a stripped tool result's body (see session/types.ts). */

const EPOCH = Date.parse("2025-01-01T00:00:00.000Z");

/**
 * An in-memory session with the subset of `Session` that compaction uses, following the
 * context rules of `SessionContext`: the latest compaction's summary first, then the
 * entries from its first kept entry, tool results it stripped replaced by the marker.
 * Ids and timestamps are deterministic (a counter and a clock one second per entry).
 */
export class FakeSession implements CompactableSession {
	private readonly entries: TreeEntry[] = [];
	private readonly byId = new Map<string, TreeEntry>();
	leafId: string | null = null;

	/** Appends a message; `timestamp` of the entry follows the clock. */
	appendMessage(message: AgentMessage): MessageEntry {
		return this.add<MessageEntry>({ type: "message", message });
	}

	appendMessages(messages: readonly AgentMessage[]): void {
		for (const message of messages) this.appendMessage(message);
	}

	appendBranchSummary(summary: string): TreeEntry {
		return this.add<BranchSummaryEntry>({ type: "branch_summary", fromId: "gone", summary });
	}

	appendCustomMessage(customType: string, content: string): TreeEntry {
		return this.add<CustomMessageEntry>({ type: "custom_message", customType, content, display: true });
	}

	appendCompaction(
		compaction: Omit<CompactionEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionEntry {
		return this.add<CompactionEntry>({ type: "compaction", ...compaction });
	}

	appendCompactionFailed(
		failure: Omit<CompactionFailedEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionFailedEntry {
		return this.add<CompactionFailedEntry>({ type: "compaction_failed", ...failure });
	}

	getBranch(leafId: string | null = this.leafId): TreeEntry[] {
		const path: TreeEntry[] = [];
		for (let id = leafId; id !== null; ) {
			const entry = this.byId.get(id);
			if (!entry) throw new Error(`no entry ${id}`);
			path.push(entry);
			id = entry.parentId;
		}
		return path.reverse();
	}

	buildContext(leafId: string | null = this.leafId): SessionContext {
		const path = this.getBranch(leafId);
		let compactionIndex = -1;
		for (let index = path.length - 1; index >= 0 && compactionIndex < 0; index--) {
			if (path[index]!.type === "compaction") compactionIndex = index;
		}
		const messages: AgentMessage[] = [];
		const entryIds: string[] = [];
		let start = 0;
		let stripped = new Set<string>();
		let compaction: CompactionEntry | undefined;
		if (compactionIndex >= 0) {
			compaction = path[compactionIndex] as CompactionEntry;
			messages.push({
				role: "compactionSummary",
				summary: compaction.summary,
				tokensBefore: compaction.tokensBefore,
				timestamp: Date.parse(compaction.timestamp),
			});
			entryIds.push(compaction.id);
			stripped = new Set(compaction.strippedEntryIds ?? []);
			const kept = path.findIndex((entry) => entry.id === compaction!.firstKeptEntryId);
			start = kept >= 0 && kept < compactionIndex ? kept : compactionIndex + 1;
		}
		for (let index = start; index < path.length; index++) {
			const entry = path[index]!;
			const message = toMessage(entry);
			if (!message) continue;
			messages.push(
				message.role === "toolResult" && stripped.has(entry.id) ? stripToolResult(message) : message,
			);
			entryIds.push(entry.id);
		}
		return compaction ? { messages, entryIds, compaction } : { messages, entryIds };
	}

	private add<T extends TreeEntry>(fields: Omit<T, "id" | "parentId" | "timestamp">): T {
		const id = `e${(this.entries.length + 1).toString(16).padStart(7, "0")}`;
		const timestamp = new Date(EPOCH + this.entries.length * 1_000).toISOString();
		const entry = { ...fields, id, parentId: this.leafId, timestamp } as T;
		this.entries.push(entry);
		this.byId.set(id, entry);
		this.leafId = id;
		return entry;
	}
}

function toMessage(entry: TreeEntry): AgentMessage | undefined {
	const timestamp = Date.parse(entry.timestamp);
	if (entry.type === "message") return entry.message;
	if (entry.type === "branch_summary") {
		return { role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp };
	}
	if (entry.type === "custom_message") {
		return {
			role: "custom",
			customType: entry.customType,
			content: typeof entry.content === "string" ? entry.content : [],
			display: entry.display,
			timestamp,
		};
	}
	return undefined;
}

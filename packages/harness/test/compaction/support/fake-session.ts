import type { AgentMessage } from "@kestrel/agent-core";
import type { CompactableSession } from "../../../src/compaction/compact-session.js";
import { buildSessionContext } from "../../../src/session/build-session-context.js";
import type {
	BranchSummaryEntry,
	CompactionEntry,
	CompactionFailedEntry,
	CustomMessageEntry,
	MessageEntry,
	SessionContext,
	TreeEntry,
} from "../../../src/session/types.js";

const EPOCH = Date.parse("2025-01-01T00:00:00.000Z");

/**
 * An in-memory session with the subset of `Session` that compaction uses; its context is
 * the session's own ({@link buildSessionContext}, blob references left as they are).
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
		return buildSessionContext(this.getBranch(leafId), (content) => content);
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

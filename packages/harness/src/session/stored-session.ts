import type { AgentMessage } from "@kestrel/agent-core";
import type { ImageContent, TextContent, ThinkingLevel } from "@kestrel/ai";
import { blobHash, restoreImages, storeImages, storeMessageImages } from "./blob-content.js";
import type { BlobStore } from "./blob-store.js";
import { buildSessionContext } from "./build-session-context.js";
import { createEntryId } from "./entry-id.js";
import type { SessionStorage } from "./session-storage.js";
import { SessionTree } from "./session-tree.js";
import {
	type BlobImageRef,
	type BranchSummaryEntry,
	type CompactionEntry,
	type CompactionFailedEntry,
	type CustomEntry,
	type CustomMessageEntry,
	type LabelEntry,
	type LoadIssue,
	type MessageEntry,
	type ModelChangeEntry,
	type Session,
	type SessionContext,
	type SessionEntry,
	type SessionHeader,
	SessionLockedError,
	type SessionNameEntry,
	SessionReadOnlyError,
	type SessionTreeNode,
	type ThinkingLevelChangeEntry,
	type TreeEntry,
} from "./types.js";

/** The writer lock as a session sees it. */
export interface WriterLock {
	/** Set when another process took the lock over; appends then fail. */
	readonly lost: { pid: number; host: string; since: string } | undefined;
	release(): Promise<void>;
}

/** What a {@link StoredSession} is built from. */
export interface StoredSessionInit {
	header: SessionHeader;
	entries: readonly SessionEntry[];
	/** The line of each entry in the file (for issues found later). */
	entryLines: readonly number[];
	lineCount: number;
	issues: LoadIssue[];
	/** The file; `undefined` in memory. */
	path: string | undefined;
	/** Where appends go; `undefined` when read-only. */
	storage: SessionStorage | undefined;
	lock: WriterLock | undefined;
	blobs: BlobStore;
	/** The file does not end with a newline: the first append writes one first. */
	needsNewline: boolean;
}

type NewTreeEntry<T extends TreeEntry> = Omit<T, "id" | "parentId" | "timestamp"> & {
	parentId?: string | null;
};

/** A {@link Session} over a {@link SessionTree}, appending through a {@link SessionStorage}. */
export class StoredSession implements Session {
	readonly header: SessionHeader;
	readonly path: string | undefined;
	readonly readOnly: boolean;
	readonly blobs: BlobStore;
	private readonly tree: SessionTree;
	private readonly entryLines: number[];
	private readonly loadIssues: LoadIssue[];
	private readonly storage: SessionStorage | undefined;
	private readonly lock: WriterLock | undefined;
	private readonly decodedBlobs = new Map<string, string>();
	private readonly reportedMissing = new Set<string>();
	private lineCount: number;
	private needsNewline: boolean;
	private closed = false;

	constructor(init: StoredSessionInit) {
		this.header = init.header;
		this.path = init.path;
		this.storage = init.storage;
		this.readOnly = init.storage === undefined;
		this.lock = init.lock;
		this.blobs = init.blobs;
		this.tree = new SessionTree(init.entries);
		this.entryLines = [...init.entryLines];
		this.lineCount = init.lineCount;
		this.loadIssues = init.issues;
		this.needsNewline = init.needsNewline;
	}

	get id(): string {
		return this.header.id;
	}

	get issues(): readonly LoadIssue[] {
		return this.loadIssues;
	}

	get leafId(): string | null {
		return this.tree.leafId;
	}

	get name(): string | undefined {
		return this.tree.name;
	}

	getEntry(id: string): SessionEntry | undefined {
		return this.tree.get(id);
	}

	getEntries(): readonly SessionEntry[] {
		return this.tree.entries;
	}

	getBranch(leafId: string | null = this.tree.leafId): TreeEntry[] {
		return this.tree.getBranch(leafId);
	}

	getChildren(id: string | null): TreeEntry[] {
		return this.tree.getChildren(id);
	}

	getTree(): SessionTreeNode[] {
		return this.tree.getTree();
	}

	getLabel(id: string): string | undefined {
		return this.tree.getLabel(id);
	}

	buildContext(leafId: string | null = this.tree.leafId): SessionContext {
		return buildSessionContext(this.tree.getBranch(leafId), (content, entry) =>
			restoreImages(content, (ref) => this.loadBlob(ref, entry)),
		);
	}

	readBlob(ref: BlobImageRef): string | undefined {
		return this.blobData(ref?.blob);
	}

	appendMessage(message: AgentMessage): MessageEntry {
		return this.appendTreeEntry<MessageEntry>({
			type: "message",
			message: storeMessageImages(message, this.blobs),
		});
	}

	appendModelChange(model: { provider: string; id: string; api?: string }): ModelChangeEntry {
		const change: NewTreeEntry<ModelChangeEntry> = {
			type: "model_change",
			provider: model.provider,
			modelId: model.id,
		};
		if (model.api !== undefined) change.api = model.api;
		return this.appendTreeEntry(change);
	}

	appendThinkingLevelChange(thinkingLevel: ThinkingLevel): ThinkingLevelChangeEntry {
		return this.appendTreeEntry<ThinkingLevelChangeEntry>({ type: "thinking_level_change", thinkingLevel });
	}

	appendCompaction(
		compaction: Omit<CompactionEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionEntry {
		return this.appendTreeEntry<CompactionEntry>({ type: "compaction", ...compaction });
	}

	appendCompactionFailed(
		failure: Omit<CompactionFailedEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionFailedEntry {
		return this.appendTreeEntry<CompactionFailedEntry>({ type: "compaction_failed", ...failure });
	}

	appendCustom(customType: string, data: unknown): CustomEntry {
		return this.appendTreeEntry<CustomEntry>({ type: "custom", customType, data });
	}

	appendCustomMessage(
		customType: string,
		content: string | (TextContent | ImageContent)[],
		options: { display?: boolean; details?: unknown } = {},
	): CustomMessageEntry {
		const entry: NewTreeEntry<CustomMessageEntry> = {
			type: "custom_message",
			customType,
			content: storeImages(content, this.blobs),
			display: options.display ?? true,
		};
		if (options.details !== undefined) entry.details = options.details;
		return this.appendTreeEntry(entry);
	}

	setLabel(targetId: string, label: string | null): LabelEntry {
		this.tree.getTreeEntry(targetId);
		return this.write<LabelEntry>({ type: "label", id: this.newId(), timestamp: now(), targetId, label });
	}

	setName(name: string): SessionNameEntry {
		return this.write<SessionNameEntry>({ type: "session_name", id: this.newId(), timestamp: now(), name });
	}

	branch(targetId: string | null): void {
		if (targetId !== null) this.tree.getTreeEntry(targetId);
		this.write({ type: "leaf", id: this.newId(), timestamp: now(), targetId });
	}

	branchWithSummary(targetId: string | null, summary: string): BranchSummaryEntry {
		const fromId = this.tree.leafId;
		if (fromId === null)
			throw new Error("The session has no leaf to summarise; use branch() to move the leaf.");
		if (targetId !== null) this.tree.getTreeEntry(targetId);
		return this.appendTreeEntry<BranchSummaryEntry>({
			type: "branch_summary",
			parentId: targetId,
			fromId,
			summary,
		});
	}

	async stored(): Promise<void> {
		await this.storage?.stored?.();
	}

	async flush(): Promise<void> {
		await this.storage?.flush();
	}

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		try {
			await this.storage?.close();
		} finally {
			await this.lock?.release();
		}
	}

	private appendTreeEntry<T extends TreeEntry>(fields: NewTreeEntry<T>): T {
		const { type, parentId = this.tree.leafId, ...rest } = fields;
		return this.write({ type, id: this.newId(), parentId, timestamp: now(), ...rest } as unknown as T);
	}

	/** Persists first (one write), then indexes: a failed write leaves the session as it was. */
	private write<T extends SessionEntry>(entry: T): T {
		if (this.readOnly || !this.storage) throw new SessionReadOnlyError(this.path);
		if (this.closed) throw new Error(`Session ${this.path ?? this.id} is closed; open it again to append.`);
		const lost = this.lock?.lost;
		if (lost) throw new SessionLockedError(this.path ?? this.id, lost);
		const line = `${JSON.stringify(entry)}\n`;
		this.storage.append(this.needsNewline ? `\n${line}` : line);
		if (this.needsNewline) this.lineCount++;
		this.needsNewline = false;
		this.lineCount++;
		this.entryLines.push(this.lineCount);
		this.tree.add(entry);
		return entry;
	}

	private newId(): string {
		return createEntryId(this.tree);
	}

	/** A blob's base64 data, cached once found (a missing one is looked up again next time: it may be restored). */
	private blobData(ref: unknown): string | undefined {
		const hash = blobHash(ref);
		if (hash === undefined) return undefined;
		const cached = this.decodedBlobs.get(hash);
		if (cached !== undefined) return cached;
		const data = this.blobs.get(hash)?.toString("base64");
		if (data !== undefined) this.decodedBlobs.set(hash, data);
		return data;
	}

	private loadBlob(ref: string, entry: TreeEntry): string | undefined {
		const data = this.blobData(ref);
		if (data !== undefined) return data;
		// Not cached as missing: the blob may be restored later. Reported once per entry and blob.
		const key = `${entry.id} ${ref}`;
		if (!this.reportedMissing.has(key)) {
			this.reportedMissing.add(key);
			this.loadIssues.push({
				line: this.entryLines[this.tree.entries.indexOf(entry)] ?? 0,
				kind: "missing_blob",
				message: `image ${ref} of entry ${entry.id} is missing from the blob store or damaged (its bytes no longer match its hash); shown as a text marker`,
			});
		}
		return undefined;
	}
}

function now(): string {
	return new Date().toISOString();
}

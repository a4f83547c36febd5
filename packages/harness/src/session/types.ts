/**
 * The contract of sessions: the entries of a session file, the open `Session`, and what
 * listing reports.
 *
 * A session file is JSON Lines. The first line is a {@link SessionHeader}; every other
 * line is one {@link SessionEntry}. Entries are only ever appended. Tree entries carry
 * `id` and `parentId`, so one file holds a tree of conversations; annotations (labels,
 * the name, leaf moves) point at a tree entry with `targetId` and are not part of any
 * path. The current leaf is the last tree entry written or the target of the last
 * `leaf` annotation, whichever came later in the file.
 */
import type { AgentMessage } from "@kestrel/agent-core";
import type { ImageContent, TextContent, ThinkingLevel } from "@kestrel/ai";

/** The format version this package writes. Older files are migrated when read. */
export const SESSION_FORMAT_VERSION = 2;

/** The first line of a session file. */
export interface SessionHeader {
	type: "session";
	/** The format version the file was written with. */
	version: number;
	/** A unique id of the session (also in the file name). */
	id: string;
	/** ISO 8601 creation time. */
	timestamp: string;
	/** The working folder the session belongs to. */
	cwd: string;
	/** Set when the session was forked from another one. */
	parentSession?: { id: string; path?: string; entryId?: string | null };
}

interface TreeEntryBase {
	/** Unique within the file: 8 hexadecimal characters (more if that collides). */
	id: string;
	/** The entry this one follows; `null` for a root. */
	parentId: string | null;
	/** ISO 8601. */
	timestamp: string;
}

/** A transcript message: user, assistant, tool result, or a custom agent message kind. */
export interface MessageEntry extends TreeEntryBase {
	type: "message";
	/**
	 * As written: image content is stored as a {@link BlobImageRef} (the bytes are in the
	 * blob store); `Session.buildContext` returns messages with the data restored.
	 */
	message: AgentMessage;
}

/** The model in force changed from here on. */
export interface ModelChangeEntry extends TreeEntryBase {
	type: "model_change";
	provider: string;
	modelId: string;
	api?: string;
}

/** The thinking level in force changed from here on. */
export interface ThinkingLevelChangeEntry extends TreeEntryBase {
	type: "thinking_level_change";
	thinkingLevel: ThinkingLevel;
}

/** Why a compaction ran. */
export type CompactionReason = "threshold" | "overflow" | "manual" | "model_switch";

/**
 * Everything on the path before `firstKeptEntryId` is replaced, for the model, by
 * `summary`. Entries from `firstKeptEntryId` up to this one stay as they are, except the
 * tool results listed in `strippedEntryIds`, whose bodies are replaced by a short marker.
 */
export interface CompactionEntry extends TreeEntryBase {
	type: "compaction";
	summary: string;
	/** The first entry kept after the summary; `null` when nothing before this entry is kept. */
	firstKeptEntryId: string | null;
	/** Estimated context tokens before and after. */
	tokensBefore: number;
	tokensAfter: number;
	reason: CompactionReason;
	/** `summary`: a model wrote it. `fallback`: the deterministic fallback ran. */
	method: "summary" | "fallback";
	/** Why summarising failed, when `method` is `fallback`. */
	summaryError?: string;
	/** Tool-result entries (kept ones) whose bodies the fallback dropped. */
	strippedEntryIds?: string[];
	/** Files read and modified in the summarised history, accumulated across compactions. */
	files?: { read: string[]; modified: string[] };
	/** Instructions the user gave for a manual compaction. */
	instructions?: string;
}

/** A compaction that could not run at all (nothing to cut, or aborted). */
export interface CompactionFailedEntry extends TreeEntryBase {
	type: "compaction_failed";
	reason: CompactionReason;
	error: string;
	tokens: number;
}

/** The summary of an abandoned branch; its `parentId` is where the new branch starts. */
export interface BranchSummaryEntry extends TreeEntryBase {
	type: "branch_summary";
	/** The leaf of the abandoned branch. */
	fromId: string;
	summary: string;
}

/** App data kept on the path; never sent to the model. */
export interface CustomEntry extends TreeEntryBase {
	type: "custom";
	customType: string;
	data: unknown;
}

/** An app-defined message that is sent to the model as a user message. */
export interface CustomMessageEntry extends TreeEntryBase {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent | BlobImageRef)[];
	/** Whether user interfaces show it. */
	display: boolean;
	details?: unknown;
}

export type TreeEntry =
	| MessageEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| CompactionEntry
	| CompactionFailedEntry
	| BranchSummaryEntry
	| CustomEntry
	| CustomMessageEntry;

interface AnnotationBase {
	id: string;
	timestamp: string;
}

/** Sets (or with `label: null`, clears) the label of a tree entry. */
export interface LabelEntry extends AnnotationBase {
	type: "label";
	targetId: string;
	label: string | null;
}

/** Names the session. */
export interface SessionNameEntry extends AnnotationBase {
	type: "session_name";
	name: string;
}

/** Moves the leaf to `targetId` (`null`: before the first entry). */
export interface LeafEntry extends AnnotationBase {
	type: "leaf";
	targetId: string | null;
}

export type Annotation = LabelEntry | SessionNameEntry | LeafEntry;

export type SessionEntry = TreeEntry | Annotation;

/** An image whose bytes live in the blob store, as written in entries. */
export interface BlobImageRef {
	type: "image";
	mimeType: string;
	/** `sha256:<64 hex>` of the decoded bytes. */
	blob: string;
}

/** A line that was skipped while reading a file. Loading never fails for one. */
export interface LoadIssue {
	/** 1-based line number. */
	line: number;
	/** `torn`: the last line was cut off (a crash mid-write). `malformed`: not JSON, or not an entry. */
	kind: "torn" | "malformed" | "unknown_parent" | "missing_blob";
	message: string;
}

/** What the model gets for a leaf: `Session.buildContext`. */
export interface SessionContext {
	/**
	 * The messages on the path from the root to the leaf, after the latest compaction on
	 * the path: its summary message first, then the kept entries, with branch summaries
	 * and custom messages as their agent message kinds. Blob images are restored.
	 */
	messages: AgentMessage[];
	/** For each message, the id of the entry it came from (the compaction's for its summary). */
	entryIds: string[];
	/** The latest model change on the whole path. */
	model?: { provider: string; modelId: string; api?: string };
	/** The latest thinking-level change on the whole path. */
	thinkingLevel?: ThinkingLevel;
	/** The latest compaction on the path, if any. */
	compaction?: CompactionEntry;
}

/** One node of `Session.getTree()`. */
export interface SessionTreeNode {
	entry: TreeEntry;
	children: SessionTreeNode[];
	label?: string;
}

/** How durable appends are. */
export type FsyncPolicy =
	/** After every entry. */
	| "entry"
	/** When `Session.flush()` is called (the harness calls it at the end of every turn). */
	| "turn"
	/** Never explicitly; the operating system writes when it likes. */
	| "never";

/**
 * An open session. Reads are synchronous over the in-memory tree; appends are
 * synchronous too: each entry is one `write()` of one line, done when the method returns.
 * A session opened read-only throws {@link SessionReadOnlyError} from every append.
 */
export interface Session {
	readonly id: string;
	/** The file, or `undefined` for an in-memory session. */
	readonly path: string | undefined;
	readonly header: SessionHeader;
	readonly readOnly: boolean;
	/** Lines skipped while loading (torn or malformed), in file order. */
	readonly issues: readonly LoadIssue[];
	/** The current leaf, `null` when the session has no tree entry yet (or the leaf was moved before the first). */
	readonly leafId: string | null;
	/** The session's name, from the last `session_name` entry. */
	readonly name: string | undefined;

	getEntry(id: string): SessionEntry | undefined;
	/** Every entry in file order (tree entries and annotations). */
	getEntries(): readonly SessionEntry[];
	/** The tree entries from the root to `leafId` (default: the current leaf). */
	getBranch(leafId?: string | null): TreeEntry[];
	getChildren(id: string | null): TreeEntry[];
	/** The whole tree, roots first, children in file order; O(entries). */
	getTree(): SessionTreeNode[];
	getLabel(id: string): string | undefined;
	/** What the model gets for `leafId` (default: the current leaf). */
	buildContext(leafId?: string | null): SessionContext;
	/**
	 * The base64 data of an image stored as a {@link BlobImageRef} (as `getEntries()` returns
	 * them), for readers of entries such as exporters; `undefined` when its blob is not in
	 * the store or `ref.blob` is not a `sha256:<64 hex>` reference. Decoded blobs are cached
	 * per session, shared with `buildContext`. A missing blob is not added to `issues`.
	 */
	readBlob(ref: BlobImageRef): string | undefined;

	/** Appends under the current leaf and makes the new entry the leaf. */
	appendMessage(message: AgentMessage): MessageEntry;
	appendModelChange(model: { provider: string; id: string; api?: string }): ModelChangeEntry;
	appendThinkingLevelChange(level: ThinkingLevel): ThinkingLevelChangeEntry;
	appendCompaction(
		compaction: Omit<CompactionEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionEntry;
	appendCompactionFailed(
		failure: Omit<CompactionFailedEntry, "type" | "id" | "parentId" | "timestamp">,
	): CompactionFailedEntry;
	appendCustom(customType: string, data: unknown): CustomEntry;
	appendCustomMessage(
		customType: string,
		content: string | (TextContent | ImageContent)[],
		options?: { display?: boolean; details?: unknown },
	): CustomMessageEntry;
	/** Labels a tree entry (`null` clears it). Does not move the leaf. */
	setLabel(targetId: string, label: string | null): LabelEntry;
	setName(name: string): SessionNameEntry;
	/** Moves the leaf (persisted as a `leaf` entry); the next append starts a branch there. */
	branch(targetId: string | null): void;
	/**
	 * Moves the leaf to `targetId` and appends a summary of the branch being left (from
	 * the old leaf), which becomes the new leaf.
	 */
	branchWithSummary(targetId: string | null, summary: string): BranchSummaryEntry;

	/**
	 * Resolves when every append so far is stored where another reader of the store sees it.
	 * Files and memory store an entry before `append` returns; a database backend
	 * (`@kestrel/session-postgres`) commits in the background, and this waits for the commit.
	 * The harness awaits it before each `entry_persisted` event.
	 */
	stored(): Promise<void>;
	/** Makes every append so far durable (fsync; a database: committed); a no-op in memory. */
	flush(): Promise<void>;
	/** Flushes, releases the writer lock, and stops the heartbeat. Idempotent. */
	close(): Promise<void>;
}

/** One row of `SessionManager.list()`. */
export interface SessionInfo {
	path: string;
	id: string;
	cwd: string;
	name?: string;
	/** ISO 8601 creation time (the header's). */
	created: string;
	/** Last modification of the file (ms since the epoch). */
	modified: number;
	/** Bytes. */
	size: number;
	/** Message entries in the file (all branches). */
	messageCount: number;
	/** The first user message's text, shortened to 200 characters. */
	firstMessage: string;
}

/** What happens when another process holds the writer lock. */
export type LockConflict = "error" | "read-only";

/** A session file's writer lock is held by another live process. */
export class SessionLockedError extends Error {
	readonly code = "session_locked";
	constructor(
		readonly path: string,
		readonly holder: { pid: number; host: string; since: string },
	) {
		super(
			`Session ${path} is open for writing in another process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
				"Close it there, open this session read-only, or fork it to a new file.",
		);
		this.name = "SessionLockedError";
	}
}

/** An append to a session that was opened read-only. */
export class SessionReadOnlyError extends Error {
	readonly code = "session_read_only";
	constructor(readonly path: string | undefined) {
		super(`Session ${path ?? "(in memory)"} is open read-only; fork it to continue in a new file.`);
		this.name = "SessionReadOnlyError";
	}
}

/** A file that cannot be a session at all (no valid header, or a newer format version). */
export class SessionFormatError extends Error {
	readonly code = "session_format";
	constructor(
		readonly path: string,
		/** What is wrong, without the path. */
		readonly reason: string,
	) {
		super(`${path}: ${reason}`);
		this.name = "SessionFormatError";
	}
}

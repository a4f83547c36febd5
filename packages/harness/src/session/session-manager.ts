import { randomUUID } from "node:crypto";
import { blobHashesOf, imageBearingContent } from "./blob-content.js";
import type { BlobStore } from "./blob-store.js";
import { createEntryId } from "./entry-id.js";
import { FileSessionBackend } from "./file-session-backend.js";
import { MemorySessionBackend } from "./memory-session-backend.js";
import { type ParsedSession, parseSessionContent } from "./parse-session-text.js";
import type { PruneBlobsOptions, PruneBlobsResult } from "./prune-blobs.js";
import type { SessionBackend } from "./session-backend.js";
import type { SessionLockOptions } from "./session-lock.js";
import type { SessionStorage } from "./session-storage.js";
import { StoredSession, type WriterLock } from "./stored-session.js";
import {
	type FsyncPolicy,
	type LabelEntry,
	type LockConflict,
	SESSION_FORMAT_VERSION,
	type Session,
	type SessionEntry,
	SessionFormatError,
	type SessionHeader,
	type SessionInfo,
	SessionLockedError,
	type SessionNameEntry,
} from "./types.js";

/** How a {@link SessionManager} stores and opens sessions. */
export interface SessionManagerOptions {
	/** The folder of this working directory's session files (see `defaultSessionDir`). */
	dir: string;
	/** Written into the headers of new sessions. */
	cwd: string;
	/** When appends are made durable. Default `"turn"`: at `Session.flush()`. */
	fsync?: FsyncPolicy;
	/** What `open` does when another process holds the writer lock. Default `"error"`: throw `SessionLockedError`. */
	onLocked?: LockConflict;
	/** Writer-lock timing: stale after `staleMs` (default 30,000) without a heartbeat; heartbeat every `heartbeatMs` (default 10,000). */
	lock?: SessionLockOptions;
}

/** Options of {@link SessionManager.withBackend}: those of {@link SessionManagerOptions} but the folder. */
export type BackendSessionManagerOptions = Omit<SessionManagerOptions, "dir">;

/** Options of an in-memory {@link SessionManager}. */
export interface InMemorySessionManagerOptions {
	cwd: string;
}

/** Options of {@link SessionManager.create}. */
export interface CreateSessionOptions {
	/** Written as the session's first `session_name` entry. */
	name?: string;
}

/** Options of {@link SessionManager.open}. */
export interface OpenSessionOptions {
	/** Open without the writer lock; appends throw `SessionReadOnlyError`. Old formats are migrated in memory only. */
	readOnly?: boolean;
}

/**
 * Creates, opens, lists and forks the sessions of one folder. Sessions opened for writing
 * hold the file's writer lock until `close()`.
 */
export class SessionManager {
	readonly cwd: string;
	private backend: SessionBackend;
	private readonly fsync: FsyncPolicy;
	private readonly onLocked: LockConflict;
	private readonly lockOptions: SessionLockOptions;

	constructor(options: SessionManagerOptions) {
		this.cwd = options.cwd;
		this.fsync = options.fsync ?? "turn";
		this.backend = new FileSessionBackend(options.dir, { fsyncBlobs: this.fsync !== "never" });
		this.onLocked = options.onLocked ?? "error";
		this.lockOptions = options.lock ?? {};
	}

	/** The same API with no files: sessions and blobs live in this manager (tests, ephemeral sessions). */
	static inMemory(options: InMemorySessionManagerOptions): SessionManager {
		const manager = new SessionManager({ dir: "", cwd: options.cwd, fsync: "never" });
		manager.backend = new MemorySessionBackend();
		return manager;
	}

	/**
	 * The same API over another store: a {@link SessionBackend} such as the
	 * `PostgresSessionBackend` of `@kestrel/session-postgres`. `list()` and `continueRecent()`
	 * see what the backend lists.
	 */
	static withBackend(backend: SessionBackend, options: BackendSessionManagerOptions): SessionManager {
		const manager = new SessionManager({ ...options, dir: "" });
		manager.backend = backend;
		return manager;
	}

	/** A new, empty session, open for writing. */
	async create(options: CreateSessionOptions = {}): Promise<Session> {
		const header = this.newHeader();
		const entries: SessionEntry[] = [];
		if (options.name !== undefined) {
			const name: SessionNameEntry = {
				type: "session_name",
				id: createEntryId(new Set()),
				timestamp: header.timestamp,
				name: options.name,
			};
			entries.push(name);
		}
		return this.createWith(header, entries, () => {});
	}

	/**
	 * Opens a session file (a relative path is taken from `dir`; in memory, a `memory:<id>`
	 * path or the bare id). For writing (the default) it takes the writer lock, and an
	 * older format is rewritten once in the current one (the original kept as
	 * `<file>.v<N>.bak`). Throws `SessionFormatError` for a file that is not a session or
	 * is of a newer format, and `SessionLockedError` when another process writes to it
	 * (unless `onLocked` is `"read-only"`).
	 */
	async open(path: string, options: OpenSessionOptions = {}): Promise<Session> {
		const resolved = this.backend.resolve(path);
		if (options.readOnly) return this.openReadOnly(resolved);
		let lock: WriterLock;
		try {
			lock = await this.backend.lock(resolved, this.lockOptions);
		} catch (error) {
			if (error instanceof SessionLockedError && this.onLocked === "read-only")
				return this.openReadOnly(resolved);
			throw error;
		}
		try {
			// Read under the lock: no other writer can be half-way through a line now.
			let parsed = parseSessionContent(await this.backend.read(resolved), resolved);
			if (parsed.version < SESSION_FORMAT_VERSION) {
				const content = serialize(parsed.header, parsed.entries);
				try {
					await this.backend.rewrite(resolved, content, `${resolved}.v${parsed.version}.bak`);
				} catch (error) {
					throw new Error(
						`Migrating ${resolved} from session format version ${parsed.version} to ${SESSION_FORMAT_VERSION} failed, ` +
							`and the file is unchanged: ${(error as Error).message}. Open it read-only to read it as it is.`,
						{ cause: error },
					);
				}
				parsed = asWritten(parsed);
			}
			const storage = await this.backend.openForAppend(resolved, this.fsync);
			return this.session(resolved, parsed, storage, lock);
		} catch (error) {
			await lock.release();
			throw error;
		}
	}

	/**
	 * The most recently modified session of the folder, open for writing; a new one when
	 * there is none. Throws `SessionFormatError` when the most recent session file cannot
	 * be read (a newer format, a broken header), rather than passing over it to an older
	 * session or a new one.
	 */
	async continueRecent(): Promise<Session> {
		const [[recent], [unreadable]] = await Promise.all([this.list(), this.backend.unreadable()]);
		if (unreadable && (!recent || unreadable.modified >= recent.modified)) {
			try {
				parseSessionContent(await this.backend.read(unreadable.path), unreadable.path);
			} catch (error) {
				const reason = error instanceof SessionFormatError ? error.reason : (error as Error).message;
				throw new SessionFormatError(
					unreadable.path,
					`the most recent session cannot be continued: ${reason} Open another session by its path, or move this file away.`,
				);
			}
			// Repaired since it was listed: it reads now.
			return this.open(unreadable.path);
		}
		return recent ? this.open(recent.path) : this.create();
	}

	/**
	 * Removes the folder's blobs that no file of the folder refers to (images of deleted
	 * sessions), sparing blobs younger than `minAgeMs` (default one hour), and removing
	 * nothing while another process writes one of the folder's sessions. See `pruneBlobs`.
	 * In memory, and in a backend without `pruneBlobs`, there is nothing to prune.
	 */
	async pruneBlobs(options: Omit<PruneBlobsOptions, "staleMs"> = {}): Promise<PruneBlobsResult> {
		if (!this.backend.pruneBlobs) return { removed: [], bytes: 0, kept: 0 };
		return this.backend.pruneBlobs({ ...options, staleMs: this.lockOptions.staleMs });
	}

	/** The sessions of the folder, newest first, through the index (`<dir>/index.json`). */
	list(): Promise<SessionInfo[]> {
		return this.backend.list();
	}

	/**
	 * A new session holding the path root → `entryId` of `source` (default: its leaf), with
	 * the same entry ids and the labels of those entries; its header names the source in
	 * `parentSession`. Images are shared with the source, or copied when it keeps them elsewhere.
	 */
	async fork(source: Session, entryId: string | null = source.leafId): Promise<Session> {
		const path = source.getBranch(entryId);
		const header = this.newHeader();
		header.parentSession = { id: source.id, entryId };
		if (source.path !== undefined) header.parentSession.path = source.path;
		const entries: SessionEntry[] = [...path];
		const ids = new Set(path.map((entry) => entry.id));
		for (const entry of path) {
			const label = source.getLabel(entry.id);
			if (label === undefined) continue;
			const id = createEntryId(ids);
			ids.add(id);
			const annotation: LabelEntry = {
				type: "label",
				id,
				timestamp: header.timestamp,
				targetId: entry.id,
				label,
			};
			entries.push(annotation);
		}
		const sourceBlobs = source instanceof StoredSession ? source.blobs : undefined;
		return this.createWith(header, entries, (target) => {
			if (sourceBlobs && sourceBlobs !== target) copyBlobs(entries, sourceBlobs, target);
		});
	}

	private newHeader(): SessionHeader {
		return {
			type: "session",
			version: SESSION_FORMAT_VERSION,
			id: randomUUID(),
			timestamp: new Date().toISOString(),
			cwd: this.cwd,
		};
	}

	/** Stores the blobs the entries need, then creates the file, locked, in one write. */
	private async createWith(
		header: SessionHeader,
		entries: SessionEntry[],
		prepareBlobs: (target: BlobStore) => void,
	): Promise<Session> {
		const path = this.backend.newPath(header.id, new Date(header.timestamp));
		prepareBlobs(this.backend.blobs(path));
		const { storage, lock } = await this.backend.create(path, serialize(header, entries), {
			fsync: this.fsync,
			lock: this.lockOptions,
		});
		const parsed: ParsedSession = {
			header,
			entries,
			lines: entries.map((_, index) => index + 2),
			issues: [],
			version: SESSION_FORMAT_VERSION,
			endsWithNewline: true,
			lineCount: entries.length + 1,
		};
		return this.session(path, parsed, storage, lock);
	}

	private async openReadOnly(path: string): Promise<Session> {
		const parsed = parseSessionContent(await this.backend.read(path), path);
		return this.session(path, parsed, undefined, undefined);
	}

	private session(
		path: string,
		parsed: ParsedSession,
		storage: SessionStorage | undefined,
		lock: WriterLock | undefined,
	): StoredSession {
		return new StoredSession({
			header: parsed.header,
			entries: parsed.entries,
			entryLines: parsed.lines,
			lineCount: parsed.lineCount,
			issues: parsed.issues,
			path: this.backend.onDisk ? path : undefined,
			storage,
			lock,
			blobs: this.backend.blobs(path),
			needsNewline: !parsed.endsWithNewline,
		});
	}
}

/** The text of a session file: the header line, then one line per entry. */
export function serialize(header: SessionHeader, entries: readonly SessionEntry[]): string {
	const lines = [JSON.stringify(header)];
	for (const entry of entries) lines.push(JSON.stringify(entry));
	return `${lines.join("\n")}\n`;
}

/** A parsed old-format session as it stands after being rewritten: one line per entry after the header. */
function asWritten(parsed: ParsedSession): ParsedSession {
	return {
		...parsed,
		lines: parsed.entries.map((_, index) => index + 2),
		version: SESSION_FORMAT_VERSION,
		endsWithNewline: true,
		lineCount: parsed.entries.length + 1,
	};
}

function copyBlobs(entries: readonly SessionEntry[], from: BlobStore, to: BlobStore): void {
	for (const entry of entries) {
		const content =
			entry.type === "message"
				? imageBearingContent(entry.message as { role?: unknown; content?: unknown })
				: entry.type === "custom_message"
					? entry.content
					: undefined;
		for (const hash of blobHashesOf(content)) {
			if (to.has(hash)) continue;
			const bytes = from.get(hash);
			if (bytes) to.put(hash, bytes);
		}
	}
}

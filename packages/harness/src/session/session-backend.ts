import type { BlobStore } from "./blob-store.js";
import type { PruneBlobsOptions, PruneBlobsResult } from "./prune-blobs.js";
import type { UnreadableSessionFile } from "./session-index.js";
import type { SessionLockOptions } from "./session-lock.js";
import type { SessionStorage } from "./session-storage.js";
import type { WriterLock } from "./stored-session.js";
import type { FsyncPolicy, SessionInfo } from "./types.js";

/**
 * Where a {@link SessionManager}'s sessions live: files in a folder (`FileSessionBackend`),
 * memory (`MemorySessionBackend`), or a store of another package (`@kestrel/session-postgres`).
 * Give one to `SessionManager.withBackend`.
 *
 * A backend stores each session as the text of a session file: a header line, then one JSON
 * line per entry (see `serialize` and `parseSessionText`). The manager parses, indexes and
 * appends; the backend keeps the text, the writer lock, the blobs and the listing. A path is
 * the backend's name for one session (a file path, `memory:<id>`, `pg:<id>`), and must open
 * the same session from any manager of the same store. Run `describeSessionBackendContract`
 * from `@kestrel/harness/testing` to check a backend behaves like the file backend.
 */
export interface SessionBackend {
	/**
	 * Whether sessions have a path of their own that `Session.path` reports (files, database
	 * rows); `false` in memory, where sessions report `path: undefined`.
	 */
	readonly onDisk: boolean;
	/** The path of a new session. */
	newPath(id: string, created: Date): string;
	/** The path `open` was given, normalised (relative paths resolved, a bare id given its prefix). */
	resolve(path: string): string;
	/**
	 * The whole session text (bytes or a string, for `parseSessionContent`). Throws an error
	 * that says what to do when there is no session at `path`.
	 */
	read(path: string): Promise<Buffer | string>;
	/**
	 * Takes the writer lock of an existing session; throws `SessionLockedError` when another
	 * writer (in this process or any other) holds it. A lock whose holder died must be
	 * recoverable, and `WriterLock.lost` set when the lock is taken over while held.
	 */
	lock(path: string, options: SessionLockOptions): Promise<WriterLock>;
	/** Makes a new session holding `content` (whole lines), locked and open for appends. */
	create(
		path: string,
		content: string,
		options: { fsync: FsyncPolicy; lock: SessionLockOptions },
	): Promise<{ storage: SessionStorage; lock: WriterLock }>;
	/** Opens an existing session for appends; called while the manager holds its writer lock. */
	openForAppend(path: string, fsync: FsyncPolicy): Promise<SessionStorage>;
	/** Replaces the content in one step, keeping the old content at `backupPath` (format migrations). */
	rewrite(path: string, content: string, backupPath: string): Promise<void>;
	/**
	 * The blob store of the session at `path` (synchronous: appends are). Every blob an entry
	 * of that session refers to must be readable through it once `read(path)` has returned.
	 */
	blobs(path: string): BlobStore;
	/** The sessions, newest first (most recently modified). Backups (`*.bak`) are not sessions. */
	list(): Promise<SessionInfo[]>;
	/** Sessions that do not read as sessions (a newer format, a broken header), newest first. */
	unreadable(): Promise<UnreadableSessionFile[]>;
	/**
	 * Removes blobs no session refers to (see `SessionManager.pruneBlobs`); a backend without
	 * it prunes nothing.
	 */
	pruneBlobs?(options: PruneBlobsOptions): Promise<PruneBlobsResult>;
}

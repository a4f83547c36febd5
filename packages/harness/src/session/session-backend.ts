import type { BlobStore } from "./blob-store.js";
import type { UnreadableSessionFile } from "./session-index.js";
import type { SessionLockOptions } from "./session-lock.js";
import type { SessionStorage } from "./session-storage.js";
import type { WriterLock } from "./stored-session.js";
import type { FsyncPolicy, SessionInfo } from "./types.js";

/** Where a {@link SessionManager}'s sessions live: files in a folder, or memory. */
export interface SessionBackend {
	/** `false` in memory: sessions report `path: undefined`. */
	readonly onDisk: boolean;
	/** The path of a new session. */
	newPath(id: string, created: Date): string;
	/** The path `open` was given, normalised (memory accepts a bare id). */
	resolve(path: string): string;
	/** The whole session: the file's bytes on disk, the text in memory (for `parseSessionContent`). */
	read(path: string): Promise<Buffer | string>;
	/** Takes the writer lock; throws `SessionLockedError` when another writer holds it. */
	lock(path: string, options: SessionLockOptions): Promise<WriterLock>;
	/** Makes a new session holding `content`, locked and open for appends. */
	create(
		path: string,
		content: string,
		options: { fsync: FsyncPolicy; lock: SessionLockOptions },
	): Promise<{ storage: SessionStorage; lock: WriterLock }>;
	/** Opens an existing session for appends. */
	openForAppend(path: string, fsync: FsyncPolicy): Promise<SessionStorage>;
	/** Replaces the content in one step, keeping the old content at `backupPath`. */
	rewrite(path: string, content: string, backupPath: string): Promise<void>;
	/** The blob store beside the session at `path`. */
	blobs(path: string): BlobStore;
	/** The sessions, newest first. */
	list(): Promise<SessionInfo[]>;
	/** Session-named files that do not read as sessions (a newer format, a broken header), newest first. */
	unreadable(): Promise<UnreadableSessionFile[]>;
}

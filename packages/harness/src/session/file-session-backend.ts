import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync } from "node:fs";
import { copyFile, open, readFile, rename, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { FileBlobStore } from "./blob-store.js";
import { makeFolder } from "./make-folder.js";
import { type PruneBlobsOptions, type PruneBlobsResult, pruneBlobs } from "./prune-blobs.js";
import type { SessionBackend } from "./session-backend.js";
import { sessionFileName } from "./session-file-name.js";
import { listSessionFiles, scanSessionFiles, type UnreadableSessionFile } from "./session-index.js";
import { SessionLock, type SessionLockOptions } from "./session-lock.js";
import { FileAppender, type SessionStorage } from "./session-storage.js";
import type { WriterLock } from "./stored-session.js";
import type { FsyncPolicy, SessionInfo } from "./types.js";

/** Sessions as JSONL files in `dir`, blobs in `<dir>/blobs`, the listing index in `<dir>/index.json`. */
export class FileSessionBackend implements SessionBackend {
	readonly onDisk = true;
	private readonly blobStores = new Map<string, FileBlobStore>();

	constructor(
		readonly dir: string,
		private readonly options: { fsyncBlobs: boolean } = { fsyncBlobs: true },
	) {}

	newPath(id: string, created: Date): string {
		return join(this.dir, sessionFileName(id, created));
	}

	resolve(path: string): string {
		return resolve(this.dir, path);
	}

	/** The bytes, not decoded: parsing decodes one line at a time, cheaper than one string of the whole file. */
	async read(path: string): Promise<Buffer> {
		try {
			return await readFile(path);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === "ENOENT") {
				throw new Error(
					`No session file at ${path}. List the sessions with SessionManager.list() or create one.`,
				);
			}
			if (code === "EISDIR") throw new Error(`${path} is a folder, not a session file (.jsonl).`);
			throw new Error(`Cannot read the session file ${path}: ${(error as Error).message}`, { cause: error });
		}
	}

	async lock(path: string, options: SessionLockOptions): Promise<WriterLock> {
		try {
			return await SessionLock.acquire(path, options);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") throw noSessionFile(path);
			throw error;
		}
	}

	async create(
		path: string,
		content: string,
		options: { fsync: FsyncPolicy; lock: SessionLockOptions },
	): Promise<{ storage: SessionStorage; lock: WriterLock }> {
		await makeFolder(dirname(path));
		// Locked before the file exists, so that no other process (continuing the newest session) can open it first.
		const lock = await SessionLock.acquire(path, options.lock);
		try {
			return { storage: FileAppender.create(path, content, options.fsync), lock };
		} catch (error) {
			await lock.release();
			throw error;
		}
	}

	async openForAppend(path: string, fsync: FsyncPolicy): Promise<SessionStorage> {
		return FileAppender.open(path, fsync);
	}

	async rewrite(path: string, content: string, backupPath: string): Promise<void> {
		const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
		const handle = await open(temp, "wx");
		let backedUp = false;
		try {
			try {
				await handle.writeFile(content);
				await handle.sync();
			} finally {
				await handle.close();
			}
			backedUp = true;
			await copyFile(path, backupPath);
			await rename(temp, path);
		} catch (error) {
			// A full disk fails a write half-way: the file stays as it was, with nothing left beside it.
			await unlink(temp).catch(() => {});
			if (backedUp) await unlink(backupPath).catch(() => {});
			throw error;
		}
		syncDirectory(dirname(path));
	}

	blobs(path: string): FileBlobStore {
		const dir = dirname(path);
		let store = this.blobStores.get(dir);
		if (!store) {
			store = new FileBlobStore(dir, { fsync: this.options.fsyncBlobs });
			this.blobStores.set(dir, store);
		}
		return store;
	}

	list(): Promise<SessionInfo[]> {
		return listSessionFiles(this.dir);
	}

	async unreadable(): Promise<UnreadableSessionFile[]> {
		return (await scanSessionFiles(this.dir)).unreadable;
	}

	pruneBlobs(options: PruneBlobsOptions): Promise<PruneBlobsResult> {
		return pruneBlobs(this.dir, options);
	}
}

function noSessionFile(path: string): Error {
	return new Error(`No session file at ${path}. List the sessions with SessionManager.list() or create one.`);
}

/** Makes a rename durable; platforms that cannot open folders (Windows) skip it. */
function syncDirectory(dir: string): void {
	let fd: number | undefined;
	try {
		fd = openSync(dir, "r");
		fsyncSync(fd);
	} catch {
		// Best effort: the rename itself is atomic either way.
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

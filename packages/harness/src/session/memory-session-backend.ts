import { hostname } from "node:os";
import { MemoryBlobStore } from "./blob-store.js";
import { parseSessionText } from "./parse-session-text.js";
import type { SessionBackend } from "./session-backend.js";
import type { UnreadableSessionFile } from "./session-index.js";
import { sessionContentInfo } from "./session-info.js";
import type { SessionStorage } from "./session-storage.js";
import type { WriterLock } from "./stored-session.js";
import { type SessionInfo, SessionLockedError } from "./types.js";

const PREFIX = "memory:";

interface MemoryFile {
	chunks: string[];
	modified: number;
	/** Order of last modification, to sort sessions written in the same millisecond. */
	sequence: number;
	locked?: { pid: number; host: string; since: string };
}

/**
 * Sessions as text in a `Map`, keyed `memory:<id>`; blobs in one shared `Map`. The same
 * parsing and appending as on disk, so in-memory sessions behave like files.
 */
export class MemorySessionBackend implements SessionBackend {
	readonly onDisk = false;
	private readonly files = new Map<string, MemoryFile>();
	private readonly blobStore = new MemoryBlobStore();
	private sequence = 0;

	newPath(id: string): string {
		return `${PREFIX}${id}`;
	}

	resolve(path: string): string {
		return path.startsWith(PREFIX) ? path : `${PREFIX}${path}`;
	}

	async read(path: string): Promise<string> {
		return this.file(path).chunks.join("");
	}

	async lock(path: string): Promise<WriterLock> {
		const file = this.file(path);
		if (file.locked) throw new SessionLockedError(path, file.locked);
		const holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
		file.locked = holder;
		return {
			lost: undefined,
			release: async () => {
				if (file.locked === holder) delete file.locked;
			},
		};
	}

	async create(path: string, content: string): Promise<{ storage: SessionStorage; lock: WriterLock }> {
		if (this.files.has(path)) throw new Error(`Session ${path} exists already.`);
		const file: MemoryFile = { chunks: [], modified: 0, sequence: 0 };
		this.files.set(path, file);
		const lock = await this.lock(path);
		const storage = this.storage(file);
		storage.append(content);
		return { storage, lock };
	}

	async openForAppend(path: string): Promise<SessionStorage> {
		return this.storage(this.file(path));
	}

	async rewrite(path: string, content: string, backupPath: string): Promise<void> {
		const file = this.file(path);
		this.files.set(backupPath, { chunks: file.chunks, modified: file.modified, sequence: file.sequence });
		file.chunks = [content];
		this.touch(file);
	}

	blobs(): MemoryBlobStore {
		return this.blobStore;
	}

	async list(): Promise<SessionInfo[]> {
		const rows: { info: SessionInfo; sequence: number }[] = [];
		for (const [path, file] of this.files) {
			if (path.endsWith(".bak")) continue;
			const text = file.chunks.join("");
			try {
				const info = sessionContentInfo(parseSessionText(text, path));
				rows.push({
					info: { ...info, path, modified: file.modified, size: Buffer.byteLength(text) },
					sequence: file.sequence,
				});
			} catch {
				// Not a session (a backup): not listed.
			}
		}
		return rows.sort((a, b) => b.sequence - a.sequence).map((row) => row.info);
	}

	async unreadable(): Promise<UnreadableSessionFile[]> {
		const rows: { file: UnreadableSessionFile; sequence: number }[] = [];
		for (const [path, file] of this.files) {
			if (path.endsWith(".bak")) continue;
			try {
				parseSessionText(file.chunks.join(""), path);
			} catch {
				rows.push({ file: { path, modified: file.modified }, sequence: file.sequence });
			}
		}
		return rows.sort((a, b) => b.sequence - a.sequence).map((row) => row.file);
	}

	private file(path: string): MemoryFile {
		const file = this.files.get(path);
		if (!file) throw new Error(`No in-memory session ${path}. List the sessions with SessionManager.list().`);
		return file;
	}

	private storage(file: MemoryFile): SessionStorage {
		return {
			append: (text) => {
				file.chunks.push(text);
				this.touch(file);
			},
			flush: async () => {},
			close: async () => {},
		};
	}

	private touch(file: MemoryFile): void {
		file.modified = Date.now();
		file.sequence = ++this.sequence;
	}
}

import * as fs from "node:fs";
import { promisify } from "node:util";
import type { DirectoryEntry, FileKind, FileOperations, FileStat, ReadStreamOptions } from "../types.js";

const DEFAULT_CHUNK_SIZE = 64 * 1024;

// The callback API, promisified: for many small files it costs far less than the
// FileHandle objects of `fs/promises` (measured: about half the time of a 20,000-file grep).
const open = promisify(fs.open);
const read = promisify(fs.read);
const close = promisify(fs.close);
const stat = promisify(fs.stat);
const lstat = promisify(fs.lstat);
const readdir = promisify(fs.readdir);
const writeFile = promisify(fs.writeFile);
const fsync = promisify(fs.fsync);

function kindOf(entry: fs.Stats | fs.Dirent): FileKind {
	if (entry.isFile()) return "file";
	if (entry.isDirectory()) return "directory";
	if (entry.isSymbolicLink()) return "symlink";
	return "other";
}

function toStat(stats: fs.Stats): FileStat {
	return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs, mode: stats.mode & 0o7777 };
}

/** Read buffers kept for reuse: a search opens thousands of files one after another. */
class ScratchBuffers {
	private readonly free: Buffer[] = [];

	constructor(
		readonly size: number,
		private readonly keep: number,
	) {}

	take(): Buffer {
		return this.free.pop() ?? Buffer.allocUnsafe(this.size);
	}

	give(buffer: Buffer): void {
		if (this.free.length < this.keep) this.free.push(buffer);
	}
}

async function* readChunks(
	path: string,
	options: ReadStreamOptions,
	scratch: ScratchBuffers,
): AsyncGenerator<Uint8Array> {
	const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
	const descriptor = await open(path, "r");
	// Most files are small: the first read goes into a pooled buffer, only larger files
	// get one of the full chunk size.
	let buffer = scratch.take();
	let length = Math.min(chunkSize, buffer.byteLength);
	try {
		let position = options.start ?? 0;
		for (;;) {
			options.signal?.throwIfAborted();
			const { bytesRead } = await read(descriptor, buffer, 0, length, position);
			if (bytesRead === 0) return;
			position += bytesRead;
			// A copy of exactly what was read: consumers may keep their chunks, and the
			// read buffer goes back to the pool.
			const chunk = new Uint8Array(bytesRead);
			chunk.set(buffer.subarray(0, bytesRead));
			yield chunk;
			// Regular files return fewer bytes only at their end: no further read needed.
			if (bytesRead < length) return;
			if (length < chunkSize) {
				scratch.give(buffer);
				buffer = Buffer.allocUnsafe(chunkSize);
				length = chunkSize;
			}
		}
	} finally {
		if (buffer.byteLength === scratch.size) scratch.give(buffer);
		await close(descriptor);
	}
}

/** `FileOperations` on the local disk, through `node:fs`. */
export function createLocalFileOperations(): FileOperations {
	const scratch = new ScratchBuffers(DEFAULT_CHUNK_SIZE, 64);
	return {
		stat: async (path) => toStat(await stat(path)),
		lstat: async (path) => toStat(await lstat(path)),
		realpath: (path) => fs.promises.realpath(path),
		readdir: async (path) => {
			const entries = await readdir(path, { withFileTypes: true });
			const result: DirectoryEntry[] = [];
			for (const entry of entries) result.push({ name: entry.name, kind: kindOf(entry) });
			return result;
		},
		readFile: async (path, signal) => {
			const buffer = await fs.promises.readFile(path, signal ? { signal } : {});
			return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
		},
		readStream: (path, options) => readChunks(path, options ?? {}, scratch),
		writeFile: async (path, data, options) => {
			const descriptor = await open(path, "w", options?.mode);
			try {
				await writeFile(descriptor, data);
				// Flushed before the rename that follows, so a crash never exposes an empty file.
				await fsync(descriptor);
			} finally {
				await close(descriptor);
			}
		},
		rename: (from, to) => fs.promises.rename(from, to),
		remove: (path) => fs.promises.unlink(path),
		mkdir: async (path) => {
			await fs.promises.mkdir(path, { recursive: true });
		},
		chmod: (path, mode) => fs.promises.chmod(path, mode),
	};
}

import { createHash, randomBytes } from "node:crypto";
import {
	closeSync,
	existsSync,
	fsyncSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	utimesSync,
	writeSync,
} from "node:fs";
import { join } from "node:path";

/**
 * Content-addressed storage for large binary content (images), keyed by the SHA-256 of
 * the bytes in hexadecimal. Synchronous, because appends are.
 */
export interface BlobStore {
	has(hash: string): boolean;
	/** Stores the bytes unless a blob with this hash exists. */
	put(hash: string, bytes: Uint8Array): void;
	/** The bytes, or `undefined` when the blob is missing (or, on disk, damaged: its bytes no longer match its hash). */
	get(hash: string): Buffer | undefined;
}

/** Blobs as files `<dir>/blobs/<first 2 hex>/<64 hex>`, beside the session files of `dir`. */
export class FileBlobStore implements BlobStore {
	/** `fsync: false` (the session's `"never"` policy) leaves new blobs to the operating system too. */
	constructor(
		readonly dir: string,
		private readonly options: { fsync: boolean } = { fsync: true },
	) {}

	path(hash: string): string {
		return join(this.dir, "blobs", hash.slice(0, 2), hash);
	}

	has(hash: string): boolean {
		return existsSync(this.path(hash));
	}

	put(hash: string, bytes: Uint8Array): void {
		const path = this.path(hash);
		// A damaged blob is written again, since reads treat it as missing.
		if (existsSync(path) && this.get(hash) !== undefined) {
			// Reused: fresh again, so that pruning (which spares young blobs) keeps it while the
			// entry that refers to it is written.
			const now = new Date();
			try {
				utimesSync(path, now, now);
			} catch {
				// Read-only storage: the blob is there, which is what matters.
			}
			return;
		}
		mkdirSync(join(this.dir, "blobs", hash.slice(0, 2)), { recursive: true });
		// A reader must never see half a blob: write aside, make it durable, then rename into place.
		const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
		const fd = openSync(temp, "w");
		try {
			for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
			if (this.options.fsync) fsyncSync(fd);
		} finally {
			closeSync(fd);
		}
		renameSync(temp, path);
	}

	/** The bytes; `undefined` when the file is missing or its bytes no longer hash to its name (damaged on disk). */
	get(hash: string): Buffer | undefined {
		let bytes: Buffer;
		try {
			bytes = readFileSync(this.path(hash));
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
			throw error;
		}
		return sha256Hex(bytes) === hash.toLowerCase() ? bytes : undefined;
	}
}

function sha256Hex(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("hex");
}

/** Blobs in a `Map`, for in-memory sessions. */
export class MemoryBlobStore implements BlobStore {
	private readonly blobs = new Map<string, Buffer>();

	has(hash: string): boolean {
		return this.blobs.has(hash);
	}

	put(hash: string, bytes: Uint8Array): void {
		if (!this.blobs.has(hash)) this.blobs.set(hash, Buffer.from(bytes));
	}

	get(hash: string): Buffer | undefined {
		return this.blobs.get(hash);
	}

	delete(hash: string): boolean {
		return this.blobs.delete(hash);
	}
}

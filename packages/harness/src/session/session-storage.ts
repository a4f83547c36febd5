import * as fs from "node:fs";
import { promisify } from "node:util";
import type { FsyncPolicy } from "./types.js";

/**
 * Where a session's lines go (the appending side of a {@link SessionBackend}). `append` is
 * synchronous because `Session` appends are; a backend whose writes are asynchronous (a
 * database) sends them in order and reports a failure at the latest from the next `append`
 * or `flush`.
 */
export interface SessionStorage {
	/**
	 * Appends text (one or more whole lines, each ending in a newline). Throws when it cannot
	 * (the session is then unchanged by this call). Files write it before returning.
	 */
	append(text: string): void;
	/**
	 * Resolves when every append so far is stored where any reader of the store sees it
	 * (committed, for a database), and rejects when one failed. A storage whose appends are
	 * stored when `append` returns (files, memory) leaves it out.
	 */
	stored?(): Promise<void>;
	/** Makes the appends so far durable (files: as the fsync policy says; a database: committed). */
	flush(): Promise<void>;
	/** Flushes, then lets go of what the storage holds. */
	close(): Promise<void>;
}

/** The file operations a {@link FileAppender} uses (tests count them). */
export type AppendFileOperations = Pick<
	typeof fs,
	"openSync" | "writeSync" | "fsyncSync" | "fsync" | "closeSync"
>;

/**
 * Appends to a file through an `O_APPEND` descriptor. `create` makes a new file (failing
 * if it exists) and writes `initial` into it first.
 */
export class FileAppender implements SessionStorage {
	private fd: number | undefined;
	private dirty = false;

	private constructor(
		fd: number,
		private readonly fsyncPolicy: FsyncPolicy,
		private readonly ops: AppendFileOperations,
	) {
		this.fd = fd;
	}

	static open(path: string, fsyncPolicy: FsyncPolicy, ops: AppendFileOperations = fs): FileAppender {
		return new FileAppender(ops.openSync(path, "a"), fsyncPolicy, ops);
	}

	static create(
		path: string,
		initial: string,
		fsyncPolicy: FsyncPolicy,
		ops: AppendFileOperations = fs,
	): FileAppender {
		const appender = new FileAppender(ops.openSync(path, "ax"), fsyncPolicy, ops);
		appender.append(initial);
		// A new file is worth one fsync whatever the policy: listing and continuing depend on its header.
		if (fsyncPolicy === "turn" && appender.fd !== undefined) ops.fsyncSync(appender.fd);
		appender.dirty = false;
		return appender;
	}

	append(text: string): void {
		if (this.fd === undefined) throw new Error("This session is closed; open it again to append.");
		const bytes = Buffer.from(text, "utf8");
		// Regular files take the whole buffer in one write; the loop only guards against a short write.
		for (let offset = 0; offset < bytes.length; ) offset += this.ops.writeSync(this.fd, bytes, offset);
		if (this.fsyncPolicy === "entry") this.ops.fsyncSync(this.fd);
		else this.dirty = true;
	}

	async flush(): Promise<void> {
		if (this.fd === undefined || !this.dirty || this.fsyncPolicy !== "turn") return;
		this.dirty = false;
		await promisify(this.ops.fsync)(this.fd);
	}

	async close(): Promise<void> {
		if (this.fd === undefined) return;
		await this.flush();
		this.ops.closeSync(this.fd);
		this.fd = undefined;
	}
}

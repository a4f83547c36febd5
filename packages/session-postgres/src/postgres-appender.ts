import { SessionLockedError, type SessionStorage } from "@kestrel/harness";
import type { Pool } from "pg";
import type { PostgresBlobStore } from "./postgres-blob-store.js";
import type { Tables } from "./schema.js";
import { WriteQueue } from "./write-queue.js";

/**
 * Appends a session's lines as rows of `kestrel_session_entries`, one statement (so one
 * transaction) per `append`: the rows and the session row's size, line count and time
 * together, only while the session row still names this writer's token. `append` returns
 * at once (the `Session` API is synchronous); the statements run in order in the background,
 * and `flush()` resolves when every append so far is committed (durable, with the server's
 * default `synchronous_commit`). After a failure, nothing more is written: the next `append`
 * throws, and `flush()` rejects.
 */
export class PostgresAppender implements SessionStorage {
	private readonly writes = new WriteQueue();
	private closed = false;

	constructor(
		private readonly pool: Pool,
		private readonly tables: Tables,
		private readonly blobs: PostgresBlobStore,
		private readonly key: string,
		private readonly path: string,
		/** The last line number written so far (the header is line 1). */
		private lineCount: number,
		private readonly writerToken: string,
	) {}

	append(text: string): void {
		if (this.closed) throw new Error(`Session ${this.path} is closed; open it again to append.`);
		const failure = this.writes.failure;
		if (failure) throw failure;
		const lines = text.split("\n").filter((line) => line !== "");
		if (lines.length === 0) return;
		const numbers = lines.map((_, index) => this.lineCount + index + 1);
		this.lineCount += lines.length;
		const size = Buffer.byteLength(lines.join("\n")) + lines.length;
		const lineCount = this.lineCount;
		const blobsBefore = this.blobs.settled();
		blobsBefore.catch(() => {});
		this.writes.push(async () => {
			await blobsBefore;
			await this.insert(numbers, lines, size, lineCount);
		});
	}

	/** Every append so far committed (the statements run in order in the background). */
	async stored(): Promise<void> {
		await this.writes.settled();
	}

	/** The same as {@link stored}: a committed row is durable. */
	async flush(): Promise<void> {
		await this.writes.settled();
	}

	async close(): Promise<void> {
		if (this.closed) return;
		try {
			await this.flush();
		} finally {
			this.closed = true;
		}
	}

	private async insert(numbers: number[], lines: string[], size: number, lineCount: number): Promise<void> {
		let inserted: number | null;
		try {
			const result = await this.pool.query(
				`WITH session AS (
					UPDATE ${this.tables.sessions}
					SET modified_at = clock_timestamp(), size = size + $4, line_count = $5
					WHERE key = $1 AND writer_token = $6
					RETURNING key
				)
				INSERT INTO ${this.tables.entries} (session_key, line, text)
				SELECT session.key, row.line, row.text
				FROM session, unnest($2::integer[], $3::text[]) AS row (line, text)`,
				[this.key, numbers, lines, size, lineCount, this.writerToken],
			);
			inserted = result.rowCount;
		} catch (error) {
			throw new Error(
				`Appending to session ${this.path} in the Postgres session store failed: ${(error as Error).message}. ` +
					"What was appended before is kept; check the database connection, then open the session again.",
				{ cause: error },
			);
		}
		if (inserted !== lines.length) {
			// The row names another writer: this one's lock connection broke and the lock was taken.
			throw new SessionLockedError(this.path, {
				pid: 0,
				host: "another writer (this process lost the writer lock)",
				since: "unknown",
			});
		}
	}
}

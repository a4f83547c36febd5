import type { BlobStore } from "@kestrel/harness";
import type { Pool } from "pg";
import type { Tables } from "./schema.js";
import { WriteQueue } from "./write-queue.js";

/** Every `sha256:<hex>` reference in a session's text. */
const BLOB_REFERENCE = /sha256:([0-9a-f]{64})/g;

/**
 * The blobs of one store, in `kestrel_blobs`. The `BlobStore` interface is synchronous
 * (appends are), so blobs are kept in memory: those a session refers to are loaded when it
 * is read ({@link PostgresBlobStore.load}), and new ones are written in the background, in
 * order, before any entry queued after them (appends wait for {@link PostgresBlobStore.settled}).
 */
export class PostgresBlobStore implements BlobStore {
	private readonly cache = new Map<string, Buffer>();
	private readonly writes = new WriteQueue();

	constructor(
		private readonly pool: Pool,
		private readonly tables: Tables,
	) {}

	has(hash: string): boolean {
		return this.cache.has(hash);
	}

	put(hash: string, bytes: Uint8Array): void {
		if (this.writes.failure) throw writeFailed(this.writes.failure);
		if (this.cache.has(hash)) return;
		const copy = Buffer.from(bytes);
		this.cache.set(hash, copy);
		this.writes.push(async () => {
			await this.pool.query(
				`INSERT INTO ${this.tables.blobs} (hash, bytes) VALUES ($1, $2) ON CONFLICT (hash) DO UPDATE SET created_at = now()`,
				[hash, copy],
			);
		});
	}

	get(hash: string): Buffer | undefined {
		return this.cache.get(hash);
	}

	/** Loads the blobs `text` refers to that are not loaded yet. */
	async load(text: string): Promise<void> {
		const wanted = new Set<string>();
		for (const match of text.matchAll(BLOB_REFERENCE)) {
			const hash = match[1] as string;
			if (!this.cache.has(hash)) wanted.add(hash);
		}
		if (wanted.size === 0) return;
		const result = await this.pool.query<{ hash: string; bytes: Buffer }>(
			`SELECT hash, bytes FROM ${this.tables.blobs} WHERE hash = ANY($1::text[])`,
			[[...wanted]],
		);
		for (const row of result.rows) this.cache.set(row.hash, row.bytes);
	}

	/** Resolves when every blob put so far is stored; rejects when one could not be. */
	async settled(): Promise<void> {
		try {
			await this.writes.settled();
		} catch (error) {
			throw writeFailed(error as Error);
		}
	}
}

function writeFailed(cause: Error): Error {
	return new Error(
		`Storing an image in the Postgres session store failed: ${cause.message}. ` +
			"Check the database connection, then open the session again.",
		{ cause },
	);
}

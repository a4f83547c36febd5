import { DEFAULT_PRUNE_MIN_AGE_MS, type PruneBlobsOptions, type PruneBlobsResult } from "@kestrel/harness";
import type { Pool } from "pg";
import { writerLockName } from "./postgres-writer-lock.js";
import type { Tables } from "./schema.js";

/**
 * Removes the blobs that no entry of any session in the store refers to (`sha256:<hash>` in
 * its text): images of deleted sessions, or of appends that failed after their blob was
 * stored. Like the file backend's pruning: nothing is removed while a live writer holds a
 * session's lock (it may be about to append an entry that refers to a blob it just stored),
 * and a blob stored or reused more recently than `minAgeMs` is kept.
 */
export async function prunePostgresBlobs(
	pool: Pool,
	tables: Tables,
	schema: string,
	options: PruneBlobsOptions = {},
): Promise<PruneBlobsResult> {
	const result: PruneBlobsResult = { removed: [], bytes: 0, kept: 0 };
	const client = await pool.connect();
	try {
		const writers = await client.query<{
			key: string;
			session_id: string;
			writer_pid: number | null;
			writer_host: string | null;
			writer_since: Date | null;
		}>(
			`SELECT key, session_id, writer_pid, writer_host, writer_since FROM ${tables.sessions} WHERE writer_token IS NOT NULL`,
		);
		for (const writer of writers.rows) {
			// A token without its advisory lock is a writer that died: its lock is free.
			const name = writerLockName(schema, writer.key);
			const probe = await client.query<{ free: boolean }>(
				"SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS free",
				[name],
			);
			if (probe.rows[0]?.free) {
				await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [name]);
				continue;
			}
			const holder =
				writer.writer_pid === null
					? undefined
					: {
							pid: writer.writer_pid,
							host: writer.writer_host ?? "",
							since: writer.writer_since?.toISOString() ?? "",
							// The writer's token stays with the writer.
							token: "",
						};
			return { ...result, skipped: { session: `pg:${writer.session_id}`, holder } };
		}

		const cutoff = new Date((options.now ?? Date.now()) - (options.minAgeMs ?? DEFAULT_PRUNE_MIN_AGE_MS));
		const unused = `b.created_at < $1 AND NOT EXISTS (
			SELECT 1 FROM ${tables.entries} e WHERE strpos(e.text, 'sha256:' || b.hash) > 0
		)`;
		const found = options.dryRun
			? await client.query<{ hash: string; size: number }>(
					`SELECT b.hash, octet_length(b.bytes) AS size FROM ${tables.blobs} b WHERE ${unused} ORDER BY b.hash`,
					[cutoff],
				)
			: await client.query<{ hash: string; size: number }>(
					`DELETE FROM ${tables.blobs} b WHERE ${unused} RETURNING b.hash, octet_length(b.bytes) AS size`,
					[cutoff],
				);
		const total = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${tables.blobs}`);
		result.removed = found.rows.map((row) => row.hash).sort();
		result.bytes = found.rows.reduce((sum, row) => sum + Number(row.size), 0);
		result.kept = Number(total.rows[0]?.count ?? 0) - (options.dryRun ? found.rows.length : 0);
		return result;
	} finally {
		client.release();
	}
}

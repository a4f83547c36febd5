import type { Pool } from "pg";

/** The version of the tables this package writes; a database of a newer one is refused. */
export const SCHEMA_VERSION = 1;

/** The qualified table names in one schema. */
export interface Tables {
	sessions: string;
	entries: string;
	blobs: string;
	version: string;
}

/** Quotes an identifier for SQL (a schema name chosen by the app). */
export function quoteIdentifier(name: string): string {
	return `"${name.replaceAll('"', '""')}"`;
}

export function tablesIn(schema: string): Tables {
	const q = quoteIdentifier(schema);
	return {
		sessions: `${q}.kestrel_sessions`,
		entries: `${q}.kestrel_session_entries`,
		blobs: `${q}.kestrel_blobs`,
		version: `${q}.kestrel_schema_version`,
	};
}

/**
 * Creates the tables when they are missing, under a transaction-level advisory lock so that
 * workers connecting at the same moment do not race. Throws when the database holds a newer
 * schema than this package knows.
 *
 * - `kestrel_sessions`: one row per session (keyed by its path without `pg:`), with what
 *   listing needs (`modified_at`, `size`, `line_count`, the cached listing row `info`) and
 *   the current writer (`writer_token`, checked by every append, and who it is).
 * - `kestrel_session_entries`: one row per line of the session text, the header as line 1.
 * - `kestrel_blobs`: images by the SHA-256 of their bytes, shared by every session.
 */
export async function migrate(pool: Pool, schema: string): Promise<Tables> {
	const tables = tablesIn(schema);
	const client = await pool.connect();
	try {
		await client.query("BEGIN");
		await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
			`kestrel-session-schema:${schema}`,
		]);
		await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
		await client.query(`CREATE TABLE IF NOT EXISTS ${tables.version} (version integer NOT NULL)`);
		const found = await client.query<{ version: number }>(
			`SELECT max(version) AS version FROM ${tables.version}`,
		);
		const version = found.rows[0]?.version ?? null;
		if (version !== null && version > SCHEMA_VERSION) {
			throw new Error(
				`The sessions in schema ${schema} are stored in version ${version} of the Kestrel session tables; ` +
					`this @kestrel/session-postgres knows version ${SCHEMA_VERSION}. Upgrade @kestrel/session-postgres (or kestrel).`,
			);
		}
		if (version === null) {
			await client.query(`
				CREATE TABLE IF NOT EXISTS ${tables.sessions} (
					key text PRIMARY KEY,
					session_id text NOT NULL,
					cwd text NOT NULL,
					created_at timestamptz NOT NULL DEFAULT now(),
					modified_at timestamptz NOT NULL DEFAULT clock_timestamp(),
					size bigint NOT NULL DEFAULT 0,
					line_count integer NOT NULL DEFAULT 0,
					info jsonb,
					info_line_count integer NOT NULL DEFAULT -1,
					writer_token text,
					writer_pid integer,
					writer_host text,
					writer_since timestamptz
				)`);
			await client.query(
				`CREATE INDEX IF NOT EXISTS kestrel_sessions_by_modified ON ${tables.sessions} (modified_at DESC, key DESC)`,
			);
			await client.query(
				`CREATE INDEX IF NOT EXISTS kestrel_sessions_by_cwd ON ${tables.sessions} (cwd, modified_at DESC, key DESC)`,
			);
			await client.query(`
				CREATE TABLE IF NOT EXISTS ${tables.entries} (
					session_key text NOT NULL REFERENCES ${tables.sessions} (key) ON DELETE CASCADE,
					line integer NOT NULL,
					text text NOT NULL,
					PRIMARY KEY (session_key, line)
				)`);
			await client.query(`
				CREATE TABLE IF NOT EXISTS ${tables.blobs} (
					hash text PRIMARY KEY,
					bytes bytea NOT NULL,
					created_at timestamptz NOT NULL DEFAULT now()
				)`);
			await client.query(`INSERT INTO ${tables.version} (version) VALUES ($1)`, [SCHEMA_VERSION]);
		}
		await client.query("COMMIT");
		return tables;
	} catch (error) {
		await client.query("ROLLBACK").catch(() => {});
		throw error;
	} finally {
		client.release();
	}
}

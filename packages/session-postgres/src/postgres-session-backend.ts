import { hostname } from "node:os";
import {
	type FsyncPolicy,
	type PruneBlobsOptions,
	type PruneBlobsResult,
	parseSessionText,
	type SessionBackend,
	type SessionInfo,
	type SessionLockOptions,
	type SessionStorage,
	sessionContentInfo,
	type UnreadableSessionFile,
	type WriterLock,
} from "@kestrel/harness";
import pg from "pg";
import { PostgresAppender } from "./postgres-appender.js";
import { PostgresBlobStore } from "./postgres-blob-store.js";
import { prunePostgresBlobs } from "./postgres-prune-blobs.js";
import { noSession, PostgresWriterLock } from "./postgres-writer-lock.js";
import { migrate, type Tables } from "./schema.js";

/** How {@link PostgresSessionBackend.connect} reaches the database. */
export interface PostgresSessionStoreOptions {
	/** A libpq connection URL: `postgres://user:password@host:5432/database`. */
	connectionString: string;
	/** The schema of the tables (created on connect when missing). Default `"public"`. */
	schema?: string;
	/**
	 * List (and so continue) only the sessions started in this working directory, as the
	 * file store's one folder per directory does. Default: every session of the store.
	 */
	cwd?: string;
	/** Connections for reads and appends. Default 4; each open writer holds one more for its lock. */
	maxConnections?: number;
}

/** The prefix of a Postgres session's path: `pg:<session id>`. */
export const POSTGRES_PATH_PREFIX = "pg:";

interface SessionRow {
	key: string;
	modified_at: Date;
	size: string;
	line_count: number;
	info: Omit<SessionInfo, "path" | "modified" | "size"> | null;
	info_line_count: number;
}

/**
 * Sessions in PostgreSQL, for `SessionManager.withBackend`: one row per session, one row per
 * entry, images in a table of blobs, and a writer lock that holds across machines (see
 * {@link PostgresWriterLock}). Any number of processes on any number of machines may share
 * one store. Paths are `pg:<session id>`; `open` takes the bare id too.
 *
 * Appends are queued in order and committed in the background; `Session.flush()` (which the
 * harness calls at the end of every turn) resolves when they are committed. Call `close()`
 * when done with the store.
 */
export class PostgresSessionBackend implements SessionBackend {
	readonly onDisk = true;
	private readonly blobStore: PostgresBlobStore;
	/** The writer lock of each session this backend holds, by key (appends need its token). */
	private readonly locks = new Map<string, PostgresWriterLock>();
	private readonly appenders = new Set<PostgresAppender>();

	private constructor(
		private readonly pool: pg.Pool,
		private readonly clientConfig: pg.ClientConfig,
		private readonly tables: Tables,
		private readonly schema: string,
		private readonly cwd: string | undefined,
	) {
		this.blobStore = new PostgresBlobStore(pool, tables);
	}

	/** Connects, and creates the tables when they are missing. */
	static async connect(options: PostgresSessionStoreOptions): Promise<PostgresSessionBackend> {
		const clientConfig: pg.ClientConfig = { connectionString: options.connectionString };
		const pool = new pg.Pool({
			...clientConfig,
			max: options.maxConnections ?? 4,
			idleTimeoutMillis: 10_000,
			// Idle connections do not keep the process alive.
			allowExitOnIdle: true,
			application_name: "kestrel sessions",
		});
		// A connection that breaks while idle is dropped from the pool; the next query opens another.
		pool.on("error", () => {});
		const schema = options.schema ?? "public";
		try {
			const tables = await migrate(pool, schema);
			return new PostgresSessionBackend(pool, clientConfig, tables, schema, options.cwd);
		} catch (error) {
			await pool.end().catch(() => {});
			throw new Error(
				`Cannot use the Postgres session store at ${redact(options.connectionString)}: ${(error as Error).message}`,
				{ cause: error },
			);
		}
	}

	newPath(id: string): string {
		return `${POSTGRES_PATH_PREFIX}${id}`;
	}

	resolve(path: string): string {
		return path.startsWith(POSTGRES_PATH_PREFIX) ? path : `${POSTGRES_PATH_PREFIX}${path}`;
	}

	async read(path: string): Promise<string> {
		await this.settled();
		const text = await this.readText(path);
		await this.blobStore.load(text);
		return text;
	}

	/** The session's text, without loading its blobs. */
	private async readText(path: string): Promise<string> {
		const key = keyOf(path);
		const result = await this.pool.query<{ text: string | null }>(
			`SELECT e.text FROM ${this.tables.sessions} s
			LEFT JOIN ${this.tables.entries} e ON e.session_key = s.key
			WHERE s.key = $1 ORDER BY e.line`,
			[key],
		);
		if (result.rows.length === 0) throw noSession(path);
		return result.rows
			.filter((row) => row.text !== null)
			.map((row) => `${row.text}\n`)
			.join("");
	}

	async lock(path: string, options: SessionLockOptions): Promise<WriterLock> {
		return this.takeLock(path, options, false);
	}

	async create(
		path: string,
		content: string,
		options: { fsync: FsyncPolicy; lock: SessionLockOptions },
	): Promise<{ storage: SessionStorage; lock: WriterLock }> {
		const key = keyOf(path);
		const lines = content.split("\n").filter((line) => line !== "");
		const header = JSON.parse(lines[0] ?? "{}") as { id?: unknown; cwd?: unknown; timestamp?: unknown };
		const lock = await this.takeLock(path, options.lock, true);
		try {
			await this.blobStore.settled();
			await lock.query(
				`WITH session AS (
					INSERT INTO ${this.tables.sessions}
						(key, session_id, cwd, created_at, size, line_count, writer_token, writer_pid, writer_host, writer_since)
					VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
					RETURNING key
				)
				INSERT INTO ${this.tables.entries} (session_key, line, text)
				SELECT session.key, row.line, row.text
				FROM session, unnest($10::integer[], $11::text[]) AS row (line, text)`,
				[
					key,
					String(header.id ?? key),
					String(header.cwd ?? ""),
					typeof header.timestamp === "string" ? header.timestamp : new Date().toISOString(),
					Buffer.byteLength(content),
					lines.length,
					lock.token,
					process.pid,
					hostname(),
					lines.map((_, index) => index + 1),
					lines,
				],
			);
			return { storage: this.appender(path, lines.length, lock), lock };
		} catch (error) {
			await lock.release();
			throw error;
		}
	}

	async openForAppend(path: string): Promise<SessionStorage> {
		const key = keyOf(path);
		const lock = this.locks.get(key);
		if (!lock)
			throw new Error(`Session ${path} is not locked by this store; open it through SessionManager.open().`);
		const result = await this.pool.query<{ line_count: number }>(
			`SELECT coalesce(max(line), 0)::integer AS line_count FROM ${this.tables.entries} WHERE session_key = $1`,
			[key],
		);
		return this.appender(path, result.rows[0]?.line_count ?? 0, lock);
	}

	async rewrite(path: string, content: string, backupPath: string): Promise<void> {
		const key = keyOf(path);
		const backup = keyOf(this.resolve(backupPath));
		const lines = content.split("\n").filter((line) => line !== "");
		const client = await this.pool.connect();
		try {
			await client.query("BEGIN");
			await client.query(
				`INSERT INTO ${this.tables.sessions} (key, session_id, cwd, created_at, modified_at, size, line_count)
				SELECT $2, session_id, cwd, created_at, modified_at, size, line_count FROM ${this.tables.sessions} WHERE key = $1`,
				[key, backup],
			);
			await client.query(
				`INSERT INTO ${this.tables.entries} (session_key, line, text)
				SELECT $2, line, text FROM ${this.tables.entries} WHERE session_key = $1`,
				[key, backup],
			);
			await client.query(`DELETE FROM ${this.tables.entries} WHERE session_key = $1`, [key]);
			await client.query(
				`INSERT INTO ${this.tables.entries} (session_key, line, text)
				SELECT $1, row.line, row.text FROM unnest($2::integer[], $3::text[]) AS row (line, text)`,
				[key, lines.map((_, index) => index + 1), lines],
			);
			await client.query(
				`UPDATE ${this.tables.sessions} SET size = $2, line_count = $3, modified_at = clock_timestamp(), info_line_count = -1 WHERE key = $1`,
				[key, Buffer.byteLength(content), lines.length],
			);
			await client.query("COMMIT");
		} catch (error) {
			await client.query("ROLLBACK").catch(() => {});
			throw error;
		} finally {
			client.release();
		}
	}

	blobs(): PostgresBlobStore {
		return this.blobStore;
	}

	/**
	 * Removes the blobs no session of the store refers to (every session, whatever its
	 * working folder); see {@link prunePostgresBlobs}. `SessionManager.pruneBlobs` calls it.
	 */
	pruneBlobs(options: PruneBlobsOptions = {}): Promise<PruneBlobsResult> {
		return prunePostgresBlobs(this.pool, this.tables, this.schema, options);
	}

	async list(): Promise<SessionInfo[]> {
		return (await this.scan()).sessions;
	}

	async unreadable(): Promise<UnreadableSessionFile[]> {
		return (await this.scan()).unreadable;
	}

	/** Waits for the appends in flight, then closes the connections. Sessions still open lose their lock. */
	async close(): Promise<void> {
		await this.settled().catch(() => {});
		await Promise.all([...this.locks.values()].map((lock) => lock.release()));
		await this.pool.end();
	}

	private async takeLock(
		path: string,
		options: SessionLockOptions,
		create: boolean,
	): Promise<PostgresWriterLock> {
		const key = keyOf(path);
		const lock = await PostgresWriterLock.acquire(this.clientConfig, this.tables, this.schema, key, path, {
			...options,
			create,
		});
		this.locks.set(key, lock);
		const release = lock.release.bind(lock);
		lock.release = async () => {
			if (this.locks.get(key) === lock) this.locks.delete(key);
			await release();
		};
		return lock;
	}

	private appender(path: string, lineCount: number, lock: PostgresWriterLock): PostgresAppender {
		const appender = new PostgresAppender(
			this.pool,
			this.tables,
			this.blobStore,
			keyOf(path),
			path,
			lineCount,
			lock.token,
		);
		this.appenders.add(appender);
		const close = appender.close.bind(appender);
		appender.close = async () => {
			try {
				await close();
			} finally {
				this.appenders.delete(appender);
			}
		};
		return appender;
	}

	/** Resolves when this process's appends and blobs so far are committed (reads see them). */
	private async settled(): Promise<void> {
		await this.blobStore.settled();
		await Promise.all([...this.appenders].map((appender) => appender.flush().catch(() => {})));
	}

	/**
	 * The listing: rows newest first, the listing row of each recomputed (from its entries)
	 * only when the session grew since it was cached.
	 */
	private async scan(): Promise<{ sessions: SessionInfo[]; unreadable: UnreadableSessionFile[] }> {
		await this.settled();
		const where = this.cwd === undefined ? "" : "AND cwd = $1";
		const result = await this.pool.query<SessionRow>(
			`SELECT key, modified_at, size, line_count, info, info_line_count FROM ${this.tables.sessions}
			WHERE key NOT LIKE '%.bak' ${where} ORDER BY modified_at DESC, key DESC`,
			this.cwd === undefined ? [] : [this.cwd],
		);
		const sessions: SessionInfo[] = [];
		const unreadable: UnreadableSessionFile[] = [];
		for (const row of result.rows) {
			const path = this.newPath(row.key);
			const info = row.info_line_count === row.line_count ? row.info : await this.refreshInfo(row, path);
			const modified = row.modified_at.getTime();
			if (info) sessions.push({ ...info, path, modified, size: Number(row.size) });
			else unreadable.push({ path, modified });
		}
		return { sessions, unreadable };
	}

	private async refreshInfo(row: SessionRow, path: string): Promise<SessionRow["info"]> {
		let info: SessionRow["info"];
		try {
			info = sessionContentInfo(parseSessionText(await this.readText(path), path));
		} catch {
			info = null;
		}
		await this.pool.query(
			`UPDATE ${this.tables.sessions} SET info = $2, info_line_count = $3 WHERE key = $1 AND line_count = $3`,
			[row.key, info === null ? null : JSON.stringify(info), row.line_count],
		);
		return info;
	}
}

function keyOf(path: string): string {
	return path.startsWith(POSTGRES_PATH_PREFIX) ? path.slice(POSTGRES_PATH_PREFIX.length) : path;
}

/** The URL without its password, for messages. */
function redact(url: string): string {
	try {
		const parsed = new URL(url);
		if (parsed.password) parsed.password = "***";
		return parsed.toString();
	} catch {
		return "(the connection string)";
	}
}

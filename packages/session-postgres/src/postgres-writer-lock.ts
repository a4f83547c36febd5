import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { SessionLockedError, type SessionLockOptions, type WriterLock } from "@kestrel/harness";
import pg from "pg";
import type { Tables } from "./schema.js";

const DEFAULT_HEARTBEAT_MS = 10_000;

/** The holder a lost lock names when the connection that held it broke. */
const CONNECTION_LOST = {
	pid: 0,
	host: "(connection to PostgreSQL lost; another writer may hold the session now)",
	since: "unknown",
};

/** The name of session `key`'s advisory lock (hashed into the lock's key). */
export function writerLockName(schema: string, key: string): string {
	return `kestrel-session:${schema}:${key}`;
}

/** Who holds a session's writer lock, as `SessionLockedError` names it. */
type Holder = { pid: number; host: string; since: string };

/**
 * The writer lock of one session: a PostgreSQL session-level advisory lock on the session's
 * key, held by a connection of its own for as long as the session is open. The server
 * releases it when that connection ends, whichever way: `release()`, the process exiting or
 * being killed, or (for a machine that vanished) TCP keepalives giving up, which this
 * connection asks for after ~25 s instead of the system's hours. Nothing depends on clocks.
 *
 * The lock also writes a random token into the session's row; every append checks it, so a
 * writer whose connection broke (and whose lock another writer may have taken) cannot append.
 * A heartbeat query every `heartbeatMs` finds a broken connection and sets {@link lost}.
 */
export class PostgresWriterLock implements WriterLock {
	private lostTo: Holder | undefined;
	private timer: NodeJS.Timeout | undefined;
	private released = false;

	private constructor(
		private readonly client: pg.Client,
		private readonly tables: Tables,
		readonly key: string,
		private readonly lockName: string,
		/** Written into the session's row; appends check it. */
		readonly token: string,
		heartbeatMs: number,
	) {
		client.on("error", () => this.lose());
		client.on("end", () => this.lose());
		this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
		this.timer.unref();
	}

	get lost(): Holder | undefined {
		return this.lostTo;
	}

	/**
	 * Takes the lock of session `key`. With `create`, the session's row does not exist yet:
	 * the caller inserts it with {@link token} (through {@link query}, on this connection).
	 * Otherwise the row gets the token, and a missing row is an error saying so.
	 * Throws `SessionLockedError` naming the holder when another connection holds the lock.
	 */
	static async acquire(
		config: pg.ClientConfig,
		tables: Tables,
		schema: string,
		key: string,
		path: string,
		options: SessionLockOptions & { create?: boolean },
	): Promise<PostgresWriterLock> {
		const client = new pg.Client({ ...config, keepAlive: true, application_name: "kestrel session lock" });
		client.on("error", () => {});
		await client.connect();
		try {
			// Ask the server to notice a vanished client within ~25 s (settable by any user).
			await client.query(
				"SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3",
			);
			const lockName = writerLockName(schema, key);
			const taken = await client.query<{ locked: boolean }>(
				"SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
				[lockName],
			);
			if (!taken.rows[0]?.locked) throw await lockedError(client, tables, key, path);
			const token = randomBytes(16).toString("hex");
			if (!options.create) {
				const marked = await client.query(
					`UPDATE ${tables.sessions} SET writer_token = $2, writer_pid = $3, writer_host = $4, writer_since = now() WHERE key = $1`,
					[key, token, process.pid, hostname()],
				);
				if (marked.rowCount === 0) throw noSession(path);
			}
			const lock = new PostgresWriterLock(
				client,
				tables,
				key,
				lockName,
				token,
				options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
			);
			unrefConnection(client);
			return lock;
		} catch (error) {
			await client.end().catch(() => {});
			throw error;
		}
	}

	/** Runs a statement on the lock's connection. */
	async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
		refConnection(this.client);
		try {
			return await this.client.query(text, values);
		} finally {
			unrefConnection(this.client);
		}
	}

	/** Clears the row's writer, unlocks and closes the connection. Idempotent. */
	async release(): Promise<void> {
		if (this.released) return;
		this.released = true;
		clearInterval(this.timer);
		this.timer = undefined;
		refConnection(this.client);
		try {
			if (!this.lostTo) {
				await this.client.query(
					`UPDATE ${this.tables.sessions} SET writer_token = NULL, writer_pid = NULL, writer_host = NULL, writer_since = NULL WHERE key = $1 AND writer_token = $2`,
					[this.key, this.token],
				);
				await this.client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [this.lockName]);
			}
		} catch {
			// Ending the connection below releases the lock all the same.
		} finally {
			await this.client.end().catch(() => {});
		}
	}

	private async heartbeat(): Promise<void> {
		if (this.released || this.lostTo) return;
		refConnection(this.client);
		try {
			await this.client.query("SELECT 1");
		} catch {
			this.lose();
		} finally {
			unrefConnection(this.client);
		}
	}

	private lose(): void {
		if (this.released || this.lostTo) return;
		this.lostTo = CONNECTION_LOST;
		clearInterval(this.timer);
		this.timer = undefined;
	}
}

/**
 * An open session's idle lock connection must not keep the process alive (a file lock does
 * not either): when the process exits, the connection closes and the server releases the
 * lock. `pg` has no option for it, so its socket is unref'd between statements, and ref'd
 * while one runs (a release awaited at exit must finish).
 */
function unrefConnection(client: pg.Client): void {
	socketOf(client)?.unref?.();
}

function refConnection(client: pg.Client): void {
	socketOf(client)?.ref?.();
}

function socketOf(client: pg.Client): { ref?(): void; unref?(): void } | undefined {
	return (client as unknown as { connection?: { stream?: { ref?(): void; unref?(): void } } }).connection
		?.stream;
}

async function lockedError(client: pg.Client, tables: Tables, key: string, path: string): Promise<Error> {
	const row = await client.query<{
		writer_pid: number | null;
		writer_host: string | null;
		writer_since: Date | null;
	}>(`SELECT writer_pid, writer_host, writer_since FROM ${tables.sessions} WHERE key = $1`, [key]);
	const writer = row.rows[0];
	return new SessionLockedError(path, {
		pid: writer?.writer_pid ?? 0,
		host: writer?.writer_host ?? "unknown host",
		since: writer?.writer_since?.toISOString() ?? "unknown",
	});
}

export function noSession(path: string): Error {
	return new Error(
		`No session ${path} in the Postgres session store. List the sessions with SessionManager.list() or create one.`,
	);
}

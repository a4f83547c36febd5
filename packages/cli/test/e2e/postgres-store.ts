import { randomBytes } from "node:crypto";
import { PostgresSessionBackend } from "@kestrel/session-postgres";
import pg from "pg";
import { inject } from "vitest";

declare module "vitest" {
	export interface ProvidedContext {
		/** The throwaway cluster of this run (scripts/postgres-global-setup.mjs). */
		postgresUrl: string;
	}
}

/** Runs one statement on the cluster's `postgres` database. */
async function admin(sql: string): Promise<void> {
	const client = new pg.Client({ connectionString: inject("postgresUrl") });
	await client.connect();
	try {
		await client.query(sql);
	} finally {
		await client.end();
	}
}

/** A database of its own on the test cluster (kestrel uses its default schema). */
export interface StoreDatabase {
	/** The URL to give `--session-store`. */
	url: string;
	/** The sessions in it, read as another process would. */
	sessions(): ReturnType<PostgresSessionBackend["list"]>;
	/** The header line of the session at `path`, parsed. */
	header(path: string): Promise<{ id: string; parentSession?: { id: string; path?: string } }>;
	/** Runs one statement on this database. */
	query(sql: string, values?: unknown[]): Promise<pg.QueryResult>;
	drop(): Promise<void>;
}

export async function createStoreDatabase(): Promise<StoreDatabase> {
	const database = `kestrel_cli_${randomBytes(6).toString("hex")}`;
	await admin(`CREATE DATABASE ${database}`);
	const url = new URL(inject("postgresUrl"));
	url.pathname = `/${database}`;
	async function use<T>(read: (store: PostgresSessionBackend) => Promise<T>): Promise<T> {
		const store = await PostgresSessionBackend.connect({ connectionString: url.toString() });
		try {
			return await read(store);
		} finally {
			await store.close();
		}
	}
	return {
		url: url.toString(),
		sessions: () => use((store) => store.list()),
		header: (path) => use(async (store) => JSON.parse(String(await store.read(path)).split("\n")[0] ?? "{}")),
		async query(sql, values) {
			const client = new pg.Client({ connectionString: url.toString() });
			await client.connect();
			try {
				return await client.query(sql, values);
			} finally {
				await client.end();
			}
		},
		drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
	};
}

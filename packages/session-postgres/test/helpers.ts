import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { PostgresSessionBackend } from "../src/index.js";

declare module "vitest" {
	export interface ProvidedContext {
		/** The throwaway cluster of this run (scripts/postgres-global-setup.mjs). */
		postgresUrl: string;
	}
}

/** The URL of this run's throwaway PostgreSQL cluster. */
export function postgresUrl(): string {
	return inject("postgresUrl");
}

/**
 * A schema of its own for one test: `open()` connects another backend onto it (as another
 * process would), `dispose()` closes them all and drops the schema.
 */
export function newSchemaStore(options: { cwd?: string } = {}) {
	const schema = `test_${randomBytes(6).toString("hex")}`;
	const backends: PostgresSessionBackend[] = [];
	return {
		schema,
		async open(): Promise<PostgresSessionBackend> {
			const backend = await PostgresSessionBackend.connect({
				connectionString: postgresUrl(),
				schema,
				...options,
			});
			backends.push(backend);
			return backend;
		},
		/** Deletes a session's row (its entries go with it), as an operator would. */
		async deleteSession(path: string): Promise<void> {
			await withClient((client) =>
				client.query(`DELETE FROM "${schema}".kestrel_sessions WHERE session_id = $1`, [
					path.replace(/^pg:/, ""),
				]),
			);
		},
		async dispose(): Promise<void> {
			await Promise.all(backends.splice(0).map((backend) => backend.close().catch(() => {})));
			await withClient((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
		},
	};
}

/** Runs `use` on a connection of its own. */
export async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: postgresUrl() });
	await client.connect();
	try {
		return await use(client);
	} finally {
		await client.end();
	}
}

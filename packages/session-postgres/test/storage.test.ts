import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText } from "@kestrel/ai/testing";
import { AgentHarness, SessionManager } from "@kestrel/harness";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { PostgresSessionBackend, SCHEMA_VERSION } from "../src/index.js";
import { newSchemaStore, postgresUrl, withClient } from "./helpers.js";

const stores: ReturnType<typeof newSchemaStore>[] = [];
afterEach(async () => {
	await Promise.all(stores.splice(0).map((store) => store.dispose()));
});
function store(options: { cwd?: string } = {}) {
	const made = newSchemaStore(options);
	stores.push(made);
	return made;
}

describe("the Postgres session tables", () => {
	it("hold one row per entry, committed when flush() returns", async () => {
		const fixture = store();
		const manager = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		const session = await manager.create({ name: "rows" });
		for (let index = 0; index < 5; index++) session.appendCustom("step", { index });
		await session.flush();

		// Read on another connection, as another machine would.
		const rows = await withClient(async (client) => {
			const result = await client.query<{ line: number; text: string }>(
				`SELECT line, text FROM "${fixture.schema}".kestrel_session_entries e
				JOIN "${fixture.schema}".kestrel_sessions s ON s.key = e.session_key
				WHERE s.session_id = $1 ORDER BY line`,
				[session.id],
			);
			return result.rows;
		});
		expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(JSON.parse(rows[0]?.text ?? "{}")).toMatchObject({ type: "session", id: session.id });
		expect(rows.slice(1).map((row) => JSON.parse(row.text).id)).toEqual(
			session.getEntries().map((entry) => entry.id),
		);
		await session.close();
	});

	it("hold each message of a harness run, committed before its entry_persisted event", async () => {
		const fixture = store();
		const manager = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		const session = await manager.create();
		const faux = createFauxProvider();
		const registry = new ProviderRegistry();
		registry.register(faux.provider);
		faux.enqueue({ content: [fauxText("Committed.")] });
		const harness = new AgentHarness({
			session,
			model: faux.model(),
			streamFn: (model, context, options) => registry.stream(model, context, options),
		});
		const entries = `"${fixture.schema}".kestrel_session_entries`;
		const committedRows = (entryId: string) =>
			withClient(async (client) => {
				const result = await client.query(
					`SELECT 1 FROM ${entries} e JOIN "${fixture.schema}".kestrel_sessions s ON s.key = e.session_key
					WHERE s.session_id = $1 AND e.text LIKE $2`,
					[session.id, `%"id":"${entryId}"%`],
				);
				return result.rowCount ?? 0;
			});
		// Another connection holds the entries table against writes, so the first append's
		// commit waits. It lets go when the first entry_persisted event arrives (after looking
		// for the row), or after two seconds: an event sent before the commit finds no row.
		const blocker = new pg.Client({ connectionString: postgresUrl() });
		await blocker.connect();
		await blocker.query("BEGIN");
		await blocker.query(`LOCK TABLE ${entries} IN EXCLUSIVE MODE`);
		let held = true;
		const release = async () => {
			if (!held) return;
			held = false;
			await blocker.query("COMMIT");
		};
		const timer = setTimeout(() => void release(), 2_000);
		const seen: number[] = [];
		harness.subscribe(async (event) => {
			if (event.type !== "entry_persisted") return;
			seen.push(await committedRows(event.entry.id));
			await release();
		});
		try {
			expect((await harness.prompt("Is it stored?")).kind).toBe("completed");
		} finally {
			clearTimeout(timer);
			await release();
			await blocker.end();
		}
		expect(seen).toEqual([1, 1]);
		await harness.dispose();
		await session.close();
	});

	it("list only the sessions of one working directory when given one", async () => {
		const fixture = store();
		const here = SessionManager.withBackend(await fixture.open(), { cwd: "/work/here" });
		const there = SessionManager.withBackend(await fixture.open(), { cwd: "/work/there" });
		const mine = await here.create();
		await mine.close();
		await (await there.create()).close();

		const scoped = await PostgresSessionBackend.connect({
			connectionString: postgresUrl(),
			schema: fixture.schema,
			cwd: "/work/here",
		});
		try {
			expect((await scoped.list()).map((row) => row.id)).toEqual([mine.id]);
			expect(await here.list()).toHaveLength(2);
		} finally {
			await scoped.close();
		}
	});

	it("refuses a database whose tables are of a newer version", async () => {
		const fixture = store();
		await (await fixture.open()).close();
		await withClient((client) =>
			client.query(`INSERT INTO "${fixture.schema}".kestrel_schema_version (version) VALUES ($1)`, [
				SCHEMA_VERSION + 1,
			]),
		);
		await expect(fixture.open()).rejects.toThrow(/Upgrade @kestrel\/session-postgres/);
	});

	it("says what is wrong when the server cannot be reached", async () => {
		await expect(
			PostgresSessionBackend.connect({ connectionString: "postgres://nobody:secret@127.0.0.1:1/none" }),
		).rejects.toThrow(
			/Cannot use the Postgres session store at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/,
		);
	});
});

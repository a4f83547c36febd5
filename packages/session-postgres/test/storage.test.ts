import { SessionManager } from "@kestrel/harness";
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

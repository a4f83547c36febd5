import type { UserMessage } from "@kestrel/ai";
import { SessionManager } from "@kestrel/harness";
import { afterEach, describe, expect, it } from "vitest";
import { newSchemaStore, withClient } from "./helpers.js";

const stores: ReturnType<typeof newSchemaStore>[] = [];
afterEach(async () => {
	await Promise.all(stores.splice(0).map((store) => store.dispose()));
});

// What both backends share (images of a deleted session pruned, dryRun) is in the harness's
// session backend contract (contract.test.ts); here, what only a database has.
const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1_700_000_000_000 });

/** An empty store in a schema of its own, removed after the test, and a manager over it. */
async function newStore() {
	const fixture = newSchemaStore();
	stores.push(fixture);
	return { fixture, manager: SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" }) };
}

describe("pruning the Postgres store's blobs", () => {
	it("removes nothing while a live writer holds a session's lock, and names it", async () => {
		const { fixture, manager } = await newStore();
		const writing = await manager.create();
		writing.appendMessage(user("kept open"));
		await writing.flush();
		await withClient((client) =>
			client.query(
				`INSERT INTO "${fixture.schema}".kestrel_blobs (hash, bytes, created_at) VALUES ($1, $2, now() - interval '2 hours')`,
				["e".repeat(64), Buffer.from("orphan")],
			),
		);
		const skipped = await manager.pruneBlobs();
		expect(skipped.removed).toEqual([]);
		expect(skipped.skipped).toEqual({
			session: writing.path,
			holder: expect.objectContaining({ pid: process.pid }),
		});
		await writing.close();
		expect((await manager.pruneBlobs()).removed).toEqual(["e".repeat(64)]);
	});

	it("is not stopped by a writer that died (its token is left, its lock is not), and keeps young blobs", async () => {
		const { fixture, manager } = await newStore();
		const session = await manager.create();
		session.appendMessage(user("written"));
		await session.close();
		const schema = `"${fixture.schema}"`;
		await withClient(async (client) => {
			// What a killed writer leaves: the token on the row; the server freed its lock.
			await client.query(
				`UPDATE ${schema}.kestrel_sessions SET writer_token = 'dead', writer_pid = 1 WHERE session_id = $1`,
				[session.id],
			);
			await client.query(`INSERT INTO ${schema}.kestrel_blobs (hash, bytes) VALUES ($1, $2), ($3, $4)`, [
				"d".repeat(64),
				Buffer.from("old orphan"),
				"c".repeat(64),
				Buffer.from("young orphan"),
			]);
			await client.query(
				`UPDATE ${schema}.kestrel_blobs SET created_at = now() - interval '2 hours' WHERE hash = $1`,
				["d".repeat(64)],
			);
		});
		const pruned = await manager.pruneBlobs();
		expect(pruned.skipped).toBeUndefined();
		expect(pruned.removed).toEqual(["d".repeat(64)]);
		expect(pruned.kept).toBe(1);
	});
});

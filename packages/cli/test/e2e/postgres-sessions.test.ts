import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";
import { createStoreDatabase, type StoreDatabase } from "./postgres-store.js";

let fixture: CliFixture;
let store: StoreDatabase;
let storeUrl: string;

beforeEach(async () => {
	fixture = await createCliFixture();
	store = await createStoreDatabase();
	storeUrl = store.url;
});
afterEach(async () => {
	await fixture.close();
	await store.drop();
});

/** The sessions in this test's database, read as another process would. */
const storeSessions = () => store.sessions();

describe("sessions in PostgreSQL", () => {
	it("-p writes the session to the store given by --session-store, and -c (through the setting) continues it", async () => {
		fixture.server.enqueue(answer("Noted: heron."));
		const first = await fixture.run([
			"--session-store",
			storeUrl,
			"--model",
			WIRE_MODEL,
			"-p",
			"Remember the word heron",
		]);
		expect(first.stderr).toBe("");
		expect(first.code).toBe(0);
		expect(first.stdout).toBe("Noted: heron.\n");
		expect(await fixture.sessionFiles()).toEqual([]);

		// The second run finds the store in the global settings.
		await mkdir(fixture.kestrelHome, { recursive: true });
		await writeFile(
			join(fixture.kestrelHome, "settings.json"),
			JSON.stringify({ session: { store: storeUrl } }),
		);
		fixture.server.enqueue(answer("The word was heron."));
		const second = await fixture.run(["--model", WIRE_MODEL, "-c", "-p", "Which word?"]);
		expect(second.stderr).toBe("");
		expect(second.code).toBe(0);
		expect(second.stdout).toBe("The word was heron.\n");
		const request = JSON.stringify(fixture.server.requests[1]?.body);
		expect(request).toContain("Remember the word heron");
		expect(request).toContain("Noted: heron.");
		expect(request).toContain("Which word?");

		const sessions = await storeSessions();
		expect(sessions).toHaveLength(1);
		expect(sessions[0]).toMatchObject({
			cwd: fixture.cwd,
			messageCount: 4,
			firstMessage: "Remember the word heron",
		});
		const path = (await storeSessions())[0]?.path as string;
		expect(path).toMatch(/^pg:/);

		// --session opens it by its pg:<id>, and --export writes it out as HTML.
		fixture.server.enqueue(answer("Still heron."));
		const third = await fixture.run(["--model", WIRE_MODEL, "--session", path, "-p", "And now?"]);
		expect(third.stderr).toBe("");
		expect(third.stdout).toBe("Still heron.\n");
		expect(JSON.stringify(fixture.server.requests[2]?.body)).toContain("Remember the word heron");
		const exported = await fixture.run(["--export", path, "heron.html"]);
		expect(exported.stderr).toBe("");
		expect(exported.code).toBe(0);
		const html = await readFile(join(fixture.cwd, "heron.html"), "utf8");
		expect(html).toContain("Remember the word heron");
		expect(html).toContain("Still heron.");
		expect(await storeSessions()).toHaveLength(1);
		expect(await fixture.sessionFiles()).toEqual([]);
	});

	it("--prune-blobs with a session store removes the store's unused images", async () => {
		fixture.server.enqueue(answer("Noted."));
		const run = await fixture.run(["--session-store", storeUrl, "--model", WIRE_MODEL, "-p", "Remember"]);
		expect(run.code).toBe(0);
		// An image no entry refers to (its session was deleted), stored two hours ago.
		await store.query(
			"INSERT INTO kestrel_blobs (hash, bytes, created_at) VALUES ($1, $2, now() - interval '2 hours')",
			["a".repeat(64), Buffer.alloc(2_048, 1)],
		);
		const pruned = await fixture.run(["--session-store", storeUrl, "--prune-blobs"]);
		expect(pruned.stderr).toBe("");
		expect(pruned.code).toBe(0);
		expect(pruned.stdout).toBe("Removed 1 unused image blob (2.0 KiB) from the session store; kept 0.\n");
		expect((await store.query("SELECT count(*) AS n FROM kestrel_blobs")).rows[0].n).toBe("0");
	});

	it("says which URLs it knows, and what failed when the server cannot be reached", async () => {
		const unknown = await fixture.run([
			"--session-store",
			"mysql://db/agents",
			"--model",
			WIRE_MODEL,
			"-p",
			"hi",
		]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("Unknown session store");
		expect(unknown.stderr).toContain("postgres://");

		const unreachable = await fixture.run([
			"--session-store",
			"postgres://kestrel:hunter2@127.0.0.1:1/none",
			"--model",
			WIRE_MODEL,
			"-p",
			"hi",
		]);
		expect(unreachable.code).toBe(1);
		expect(unreachable.stderr).toContain(
			"Cannot use the Postgres session store at postgres://kestrel:***@127.0.0.1:1/none",
		);
		expect(unreachable.stderr).not.toContain("hunter2");
		expect(fixture.server.requests).toHaveLength(0);
	});
});

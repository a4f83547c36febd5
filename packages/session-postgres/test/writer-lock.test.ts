import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { SessionLockedError, SessionManager } from "@kestrel/harness";
import { afterEach, describe, expect, it } from "vitest";
import { newSchemaStore, postgresUrl, withClient } from "./helpers.js";

const HOLDER = fileURLToPath(new URL("./support/hold-session.mjs", import.meta.url));
const stores: ReturnType<typeof newSchemaStore>[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
	for (const child of children.splice(0)) child.kill("SIGKILL");
	await Promise.all(stores.splice(0).map((store) => store.dispose()));
});

function store() {
	const made = newSchemaStore();
	stores.push(made);
	return made;
}

/** Starts a writer process on `path`; resolves with it once it holds the lock. */
async function startHolder(schema: string, path: string): Promise<ChildProcess> {
	const child = spawn(process.execPath, [HOLDER, postgresUrl(), schema, path], {
		stdio: ["ignore", "pipe", "pipe"],
	});
	children.push(child);
	let output = "";
	child.stderr?.on("data", (chunk) => {
		output += chunk;
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout?.on("data", (chunk) => {
			output += chunk;
			if (output.includes("holding")) resolve();
		});
		child.once("exit", (code) => reject(new Error(`the writer exited (${code}) before locking: ${output}`)));
	});
	return child;
}

describe("the writer lock across processes", () => {
	it("is refused while another process writes, and free once that process is killed", async () => {
		const fixture = store();
		const manager = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		const session = await manager.create();
		const path = session.path as string;
		await session.close();

		const child = await startHolder(fixture.schema, path);
		const refused = await manager.open(path).catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(SessionLockedError);
		expect((refused as SessionLockedError).holder.pid).toBe(child.pid);

		child.kill("SIGKILL");
		await once(child, "exit");
		// The server ends the dead client's connection, and with it the advisory lock, at once;
		// the retries only cover the moment it takes to notice the closed socket.
		let reopened: Awaited<ReturnType<typeof manager.open>> | undefined;
		for (let attempt = 0; attempt < 100 && !reopened; attempt++) {
			reopened = await manager.open(path).catch(async (error: unknown) => {
				if (!(error instanceof SessionLockedError)) throw error;
				await new Promise((resolve) => setTimeout(resolve, 100));
				return undefined;
			});
		}
		expect(reopened?.readOnly).toBe(false);
		expect(reopened?.getEntries().map((entry) => entry.type)).toEqual(["custom"]);
		await reopened?.close();
	});

	it("stops a writer whose lock connection broke from appending after another took over", async () => {
		const fixture = store();
		const first = SessionManager.withBackend(await fixture.open(), {
			cwd: "/work/project",
			lock: { heartbeatMs: 50 },
		});
		const session = await first.create();
		session.appendCustom("before", {});
		await session.flush();
		const path = session.path as string;

		// The lock's connection dies (a network cut, a database restart).
		const terminated = await withClient(async (client) => {
			const result = await client.query(
				`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'
				AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
				[`kestrel-session:${fixture.schema}:${session.id}`],
			);
			return result.rowCount;
		});
		expect(terminated).toBe(1);
		const second = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		let taken: Awaited<ReturnType<typeof second.open>> | undefined;
		for (let attempt = 0; attempt < 100 && !taken; attempt++) {
			taken = await second.open(path).catch(async (error: unknown) => {
				if (!(error instanceof SessionLockedError)) throw error;
				await new Promise((resolve) => setTimeout(resolve, 50));
				return undefined;
			});
		}
		expect(taken?.readOnly).toBe(false);
		taken?.appendCustom("taken over", {});
		await taken?.flush();

		// The old writer either sees the lost lock at once, or its append is refused by the token check.
		let refusal: unknown;
		try {
			session.appendCustom("too late", {});
			await session.flush();
		} catch (error) {
			refusal = error;
		}
		expect(refusal).toBeInstanceOf(SessionLockedError);
		await session.close().catch(() => {});
		await taken?.close();

		const reader = await second.open(path, { readOnly: true });
		expect(
			reader.getEntries().map((entry) => (entry.type === "custom" ? entry.customType : entry.type)),
		).toEqual(["before", "taken over"]);
	});

	it("refuses appends once the session's row names another writer, even before the lock is seen lost", async () => {
		const fixture = store();
		const manager = SessionManager.withBackend(await fixture.open(), {
			cwd: "/work/project",
			lock: { heartbeatMs: 60_000 },
		});
		const session = await manager.create();
		session.appendCustom("mine", {});
		await session.flush();
		// As if another writer had taken the lock over while this one's connection hung.
		await withClient((client) =>
			client.query(`UPDATE "${fixture.schema}".kestrel_sessions SET writer_token = 'someone else'`),
		);
		session.appendCustom("not written", {});
		await expect(session.flush()).rejects.toBeInstanceOf(SessionLockedError);
		expect(() => session.appendCustom("nor this", {})).toThrow(SessionLockedError);
		await session.close().catch(() => {});

		const lines = await withClient(async (client) => {
			const result = await client.query(
				`SELECT count(*)::integer AS n FROM "${fixture.schema}".kestrel_session_entries`,
			);
			return result.rows[0]?.n;
		});
		expect(lines).toBe(2);
	});
});

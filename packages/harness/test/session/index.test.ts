import { utimesSync, writeFileSync } from "node:fs";
import { readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_FORMAT_VERSION, SessionFormatError, SessionManager } from "../../src/session/index.js";
import { sessionFileName } from "../../src/session/session-file-name.js";
import { listSessionFiles, readSessionContentInfo } from "../../src/session/session-index.js";
import { user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

/** A reader that counts the session files it reads. */
function countingReader() {
	const reads: string[] = [];
	return {
		reads,
		read: (path: string) => {
			reads.push(path);
			return readSessionContentInfo(path);
		},
	};
}

/** Writes `count` one-message session files directly (synchronously: thousands of small files). */
function writeSessions(dir: string, count: number): string[] {
	const base = Date.parse("2025-06-01T00:00:00.000Z");
	return Array.from({ length: count }, (_, index) => {
		const id = `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
		const created = new Date(base + index * 1000);
		const path = join(dir, sessionFileName(id, created));
		const header = {
			type: "session",
			version: SESSION_FORMAT_VERSION,
			id,
			timestamp: created.toISOString(),
			cwd: "/p",
		};
		const message = {
			type: "message",
			id: "a0000001",
			parentId: null,
			timestamp: created.toISOString(),
			message: { role: "user", content: `task number ${index}`, timestamp: created.getTime() },
		};
		writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(message)}\n`);
		utimesSync(path, created, created);
		return path;
	});
}

describe("listing sessions", () => {
	it("lists newest first with what the index keeps of each session", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/work/project" });
		const older = await manager.create({ name: "older" });
		older.appendMessage(user(`${"long first message ".repeat(20)}end`));
		older.appendMessage(user("second"));
		await older.close();
		const newer = await manager.create();
		await newer.close();
		await utimes(older.path as string, new Date(1_000_000), new Date(1_000_000));

		const [first, second, ...rest] = await manager.list();
		expect(rest).toEqual([]);
		expect(first).toMatchObject({ path: newer.path, id: newer.id, messageCount: 0, firstMessage: "" });
		expect(first).not.toHaveProperty("name");
		expect(second).toEqual({
			path: older.path,
			id: older.id,
			cwd: "/work/project",
			name: "older",
			created: older.header.timestamp,
			modified: 1_000_000,
			size: (await stat(older.path as string)).size,
			messageCount: 2,
			firstMessage: "long first message ".repeat(20).slice(0, 200),
		});
	});

	it("reads no session file when the index is fresh, and does not rewrite the index", async () => {
		const dir = await temp.make();
		writeSessions(dir, 3000);
		const first = countingReader();
		const built = await listSessionFiles(dir, first.read);
		expect(first.reads).toHaveLength(3000);
		expect(built).toHaveLength(3000);
		expect(built[0]?.firstMessage).toBe("task number 2999");
		const index = await stat(join(dir, "index.json"));

		const second = countingReader();
		const listed = await listSessionFiles(dir, second.read);
		expect(second.reads).toEqual([]);
		expect(listed).toEqual(built);
		const after = await stat(join(dir, "index.json"));
		expect([after.ino, after.mtimeMs]).toEqual([index.ino, index.mtimeMs]);
	});

	it("re-reads only a changed file, adds new ones and drops removed ones", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const [a, b, c] = writeSessions(dir, 3);
		await listSessionFiles(dir);

		const session = await manager.open(a as string);
		session.appendMessage(user("one more"));
		await session.close();
		await rm(b as string);
		const [fresh] = writeSessions(await temp.make(), 1);
		const d = join(dir, "zz-new.jsonl");
		await writeFile(d, await readFile(fresh as string));
		const reader = countingReader();
		const listed = await listSessionFiles(dir, reader.read);
		expect(reader.reads.sort()).toEqual([a, d].sort());
		expect(listed.map((info) => info.path).sort()).toEqual([a, c, d].sort());
		expect(listed.find((info) => info.path === a)?.messageCount).toBe(2);
		const index = JSON.parse(await readFile(join(dir, "index.json"), "utf8"));
		expect(Object.keys(index.files).sort()).toEqual(
			[a, c, d].map((path) => (path as string).slice(dir.length + 1)).sort(),
		);
	});

	it.each([
		["deleted", async (path: string) => rm(path)],
		["corrupt", async (path: string) => writeFile(path, '{"version":1,"files":')],
		["of another version", async (path: string) => writeFile(path, '{"version":99,"files":{}}')],
	])("rebuilds an index that is %s", async (_how, damage) => {
		const dir = await temp.make();
		writeSessions(dir, 5);
		const listed = await listSessionFiles(dir);
		await damage(join(dir, "index.json"));
		const reader = countingReader();
		expect(await listSessionFiles(dir, reader.read)).toEqual(listed);
		expect(reader.reads).toHaveLength(5);
		const again = countingReader();
		await listSessionFiles(dir, again.read);
		expect(again.reads).toEqual([]);
	});

	it("remembers a file that is not a session without reading it again", async () => {
		const dir = await temp.make();
		await writeFile(join(dir, "notes.jsonl"), "not a session\n");
		const first = countingReader();
		expect(await listSessionFiles(dir, first.read)).toEqual([]);
		expect(first.reads).toHaveLength(1);
		const second = countingReader();
		await listSessionFiles(dir, second.read);
		expect(second.reads).toEqual([]);
	});

	it("lists nothing for a folder that does not exist", async () => {
		expect(await new SessionManager({ dir: join(await temp.make(), "none"), cwd: "/p" }).list()).toEqual([]);
	});
});

describe("continueRecent", () => {
	it("opens the most recently modified session for writing, or creates one", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const created = temp.track(await manager.continueRecent());
		expect(created.getEntries()).toEqual([]);
		await created.close();
		const other = await manager.create();
		await other.close();
		await utimes(other.path as string, new Date(1_000), new Date(1_000));

		const continued = temp.track(await manager.continueRecent());
		expect(continued.id).toBe(created.id);
		expect(continued.readOnly).toBe(false);
	});

	it("refuses, naming the file and why, when the most recent session cannot be read", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const older = await manager.create();
		older.appendMessage(user("older work"));
		await older.close();
		await utimes(older.path as string, new Date(1_000), new Date(1_000));
		for (const [content, reason] of [
			[`{"type":"session","version":99,"id":"x","timestamp":"t","cwd":"/p"}\n`, "session format version 99"],
			['{"type":"sess\n', "not a session file"],
		] as const) {
			const newest = await manager.create();
			await newest.close();
			await writeFile(newest.path as string, content);
			const refused = manager.continueRecent();
			await expect(refused).rejects.toBeInstanceOf(SessionFormatError);
			await expect(refused).rejects.toThrow(`${newest.path}: the most recent session cannot be continued`);
			await expect(refused).rejects.toThrow(reason);
			await rm(newest.path as string);
		}
		// An unreadable file older than the most recent session is passed over.
		const stale = await manager.create();
		await stale.close();
		await writeFile(stale.path as string, '{"type":"sess\n');
		await utimes(stale.path as string, new Date(500), new Date(500));
		const continued = temp.track(await manager.continueRecent());
		expect(continued.id).toBe(older.id);
	});

	it("does the same in memory", async () => {
		const manager = SessionManager.inMemory({ cwd: "/p" });
		const first = await manager.continueRecent();
		first.appendMessage(user("one"));
		await first.close();
		const second = await manager.create();
		await second.close();
		expect((await manager.list()).map((info) => info.id)).toEqual([second.id, first.id]);
		const continued = temp.track(await manager.continueRecent());
		expect(continued.id).toBe(second.id);
	});
});

import { readFile, stat } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { requireBuild, useWriters } from "./children.js";
import { user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

const startWriter = useWriters();

beforeAll(requireBuild);

describe("crash safety", () => {
	it("keeps every entry a SIGKILLed writer reported, and recovers its lock at once", async () => {
		const dir = await temp.make();
		const writer = startWriter({ dir, tag: "crash", largeEvery: 7 });
		await writer.waitFor((line) => line.startsWith("opened writable"));
		const path = (writer.lines[0] as string).split(" ")[2] as string;
		await writer.waitForIds(300);
		writer.kill();
		await writer.exited;
		const reported = writer.ids;
		expect(reported.length).toBeGreaterThanOrEqual(300);
		// The dead writer could not release its lock.
		const lock = JSON.parse(await readFile(`${path}.lock`, "utf8"));
		expect(lock.pid).toBe(writer.pid);

		const manager = new SessionManager({ dir, cwd: "/work/project" });
		const readOnly = await manager.open(path, { readOnly: true });
		for (const id of reported) expect(readOnly.getEntry(id), id).toBeDefined();
		for (const issue of readOnly.issues) expect(issue.kind).toBe("torn");
		const written = readOnly.getEntries().length;
		expect(written - reported.length).toBeLessThanOrEqual(1);

		// Default staleMs is 30 s; the lock is taken over now because its pid is gone.
		const session = temp.track(await manager.open(path));
		expect(session.readOnly).toBe(false);
		expect(session.getEntries()).toHaveLength(written);
		const after = session.appendMessage(user("after the crash"));
		await session.close();

		const reopened = await manager.open(path, { readOnly: true });
		expect(reopened.getEntries().map((entry) => entry.id)).toEqual([
			...readOnly.getEntries().map((entry) => entry.id),
			after.id,
		]);
		expect(reopened.leafId).toBe(after.id);
		expect(reopened.issues.map((issue) => issue.line)).toEqual(readOnly.issues.map((issue) => issue.line));
		await expect(stat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
	});
});

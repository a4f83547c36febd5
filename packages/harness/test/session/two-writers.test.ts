import { spawnSync } from "node:child_process";
import { readFile, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { requireBuild, useWriters } from "./children.js";
import { jsonLines, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

const startWriter = useWriters();

beforeAll(requireBuild);

async function sessionFile(): Promise<{ dir: string; path: string }> {
	const dir = await temp.make();
	const session = await new SessionManager({ dir, cwd: "/work/project" }).create();
	session.appendMessage(user("start"));
	await session.close();
	return { dir, path: session.path as string };
}

describe("two writers", () => {
	it("refuses the second writer (or opens it read-only) and never interleaves entries", async () => {
		const { dir, path } = await sessionFile();
		// It appends (some entries large) until stopped, pausing briefly so the file stays a few megabytes.
		const first = startWriter({ dir, path, tag: "A", largeEvery: 25, largeChars: 20_000, pauseMs: 5 });
		await first.waitForIds(50);

		const refused = startWriter({ dir, path, tag: "B" });
		await refused.exited;
		expect(refused.lines).toEqual(["error session_locked"]);

		const reader = startWriter({ dir, path, tag: "B", onLocked: "read-only" });
		await reader.exited;
		expect(reader.lines[0]).toBe(`opened read-only ${path}`);
		expect(reader.lines[1]).toBe("refused session_read_only");
		expect(reader.ids).toEqual([]);

		// The first writer was still appending while the others were refused.
		const before = first.ids.length;
		await first.waitForIds(before + 40);
		first.stop();
		expect(await first.exited).toBe(0);
		expect(first.lines.at(-1)).toBe("closed");

		const lines = jsonLines(await readFile(path, "utf8"));
		// Line 2 is the test's own "start"; every line after it is the first writer's, whole.
		const contents = lines.slice(2).map((line) => (line.message as { content: string }).content);
		expect(contents.filter((content) => content.startsWith("B:"))).toEqual([]);
		expect(contents.filter((content) => content.startsWith("A:"))).toHaveLength(first.ids.length);
		expect(lines.slice(2).map((line) => line.id)).toEqual(first.ids);
		await expect(stat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
	});

	it("lets exactly one of two processes recovering the same stale lock have it", async () => {
		const deadPid = spawnSync(process.execPath, ["-e", ""]).pid as number;
		for (let round = 0; round < 2; round++) {
			const { dir, path } = await sessionFile();
			const stale = { pid: deadPid, host: hostname(), since: "2025-01-01T00:00:00.000Z", token: "dead" };
			await writeFile(`${path}.lock`, JSON.stringify(stale));
			const writers = [
				startWriter({ dir, path, tag: "A", hold: true }),
				startWriter({ dir, path, tag: "B", hold: true }),
			];
			await Promise.all(writers.map((writer) => writer.waitFor(() => true)));
			const outcomes = writers
				.map((writer) => (writer.lines[0] as string).split(" ").slice(0, 2).join(" "))
				.sort();
			expect(outcomes).toEqual(["error session_locked", "opened writable"]);
			for (const writer of writers) writer.stop();
			await Promise.all(writers.map((writer) => writer.exited));
		}
	});
});

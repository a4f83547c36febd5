import { copyFile, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_FORMAT_VERSION, SessionManager } from "../../src/session/index.js";
import { migrateV1ToV2, type ParsedLine } from "../../src/session/migrations.js";
import { FIXTURES, jsonLines, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

async function legacyCopy() {
	const dir = await temp.make();
	const path = join(dir, "v1.jsonl");
	await copyFile(join(FIXTURES, "v1.jsonl"), path);
	return { dir, path, manager: new SessionManager({ dir, cwd: "/work/legacy" }) };
}

describe("migrating version 1", () => {
	it("reads a v1 file as version 2", async () => {
		const { manager, path } = await legacyCopy();
		const session = await manager.open(path, { readOnly: true });
		expect(session.issues).toEqual([]);
		expect(session.header).toEqual({
			type: "session",
			version: SESSION_FORMAT_VERSION,
			id: "7d1e2c3b-4a5f-4b6c-8d7e-9f0a1b2c3d4e",
			timestamp: "2025-06-01T10:00:00.000Z",
			cwd: "/work/legacy",
		});
		expect(session.name).toBe("legacy session");
		expect(session.getEntry("b1000002")).toMatchObject({ type: "model_change", modelId: "claude-old" });
		expect(session.getEntry("b1000002")).not.toHaveProperty("model");
		// Labels are annotations now; the entry written under a label hangs under the label's parent.
		expect(session.getEntry("b1000004")).toEqual({
			type: "label",
			id: "b1000004",
			timestamp: "2025-06-01T10:00:04.000Z",
			targetId: "b1000001",
			label: "start",
		});
		expect(session.getEntry("b1000005")).toMatchObject({ parentId: "b1000003" });
		expect(session.getLabel("b1000001")).toBe("start");
		expect(session.getLabel("b1000007")).toBe("done");
		expect(session.getEntry("b1000006")).toMatchObject({
			type: "compaction",
			method: "summary",
			reason: "threshold",
			tokensBefore: 4000,
			tokensAfter: 4000,
			firstKeptEntryId: "b1000003",
		});
		// v1's leaf was the label written last, which hung under b1000007, not under the last entry b1000008.
		expect(session.leafId).toBe("b1000007");
		expect(session.getBranch().map((entry) => entry.id)).toEqual([
			"b1000001",
			"b1000002",
			"b1000003",
			"b1000005",
			"b1000006",
			"b1000007",
		]);
		expect(session.buildContext().entryIds).toEqual(["b1000006", "b1000003", "b1000005", "b1000007"]);
	});

	it("migrates in memory only when opened read-only", async () => {
		const { dir, path, manager } = await legacyCopy();
		const before = await readFile(path, "utf8");
		await manager.open(path, { readOnly: true });
		expect(await readFile(path, "utf8")).toBe(before);
		expect(await readdir(dir)).toEqual(["v1.jsonl"]);
	});

	it("rewrites the file once in the current version when opened for writing, keeping the original as .v1.bak", async () => {
		const { dir, path, manager } = await legacyCopy();
		const original = await readFile(path, "utf8");
		const readOnlyView = (await manager.open(path, { readOnly: true })).getEntries();
		const session = await manager.open(path);
		expect(session.getEntries()).toEqual(readOnlyView);
		const appended = session.appendMessage({ role: "user", content: "new in v2", timestamp: 1 });
		await session.close();

		expect(await readFile(`${path}.v1.bak`, "utf8")).toBe(original);
		const lines = jsonLines(await readFile(path, "utf8"));
		expect(lines[0]).toMatchObject({ type: "session", version: SESSION_FORMAT_VERSION });
		expect(lines[0]).not.toHaveProperty("name");
		expect(lines.filter((line) => line.type === "session_name")).toHaveLength(1);
		expect(lines.at(-1)).toEqual(appended);
		expect((await readdir(dir)).sort()).toEqual(["v1.jsonl", "v1.jsonl.v1.bak"]);

		const rewritten = await stat(path);
		const again = await manager.open(path);
		expect(again.issues).toEqual([]);
		expect(again.getEntries()).toEqual([...readOnlyView, appended]);
		expect(again.leafId).toBe(appended.id);
		await again.close();
		// The second open found the current version and did not rewrite.
		expect((await stat(path)).ino).toBe(rewritten.ino);
		expect(await readFile(`${path}.v1.bak`, "utf8")).toBe(original);
	});

	it("is a pure function of the lines it is given", () => {
		const lines: ParsedLine[] = [
			{ line: 1, value: { type: "session", version: 1, id: "s", timestamp: "t", cwd: "/", name: "n" } },
			{
				line: 2,
				value: { type: "model_change", id: "a", parentId: null, timestamp: "t", provider: "p", model: "m" },
			},
			{
				line: 3,
				value: { type: "label", id: "l", parentId: "a", timestamp: "t", targetId: "a", label: "x" },
			},
		];
		const snapshot = structuredClone(lines);
		const ids = ["n1", "n2"];
		const migrated = migrateV1ToV2(lines, { newId: () => ids.shift() as string });
		expect(lines).toEqual(snapshot);
		expect(migrated.map((line) => line.value)).toEqual([
			{ type: "session", version: 2, id: "s", timestamp: "t", cwd: "/" },
			{ type: "session_name", id: "n1", timestamp: "t", name: "n" },
			{ type: "model_change", id: "a", parentId: null, timestamp: "t", provider: "p", modelId: "m" },
			{ type: "label", id: "l", timestamp: "t", targetId: "a", label: "x" },
		]);
	});
});

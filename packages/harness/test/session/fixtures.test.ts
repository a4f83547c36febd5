import { copyFile, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionFormatError, SessionManager } from "../../src/session/index.js";
import { FIXTURES, jsonLines, useTempDirs } from "./helpers.js";

const temp = useTempDirs();
const manager = new SessionManager({ dir: FIXTURES, cwd: "/work/project" });

function openFixture(name: string) {
	return manager.open(join(FIXTURES, name), { readOnly: true });
}

/** A writable copy of a fixture in a temp folder. */
async function copyOfFixture(name: string): Promise<{ path: string; manager: SessionManager }> {
	const dir = await temp.make();
	const path = join(dir, name);
	await copyFile(join(FIXTURES, name), path);
	return { path, manager: new SessionManager({ dir, cwd: "/work/project" }) };
}

describe("the session file corpus", () => {
	it("loads the current version without issues", async () => {
		const session = await openFixture("current-v2.jsonl");
		expect(session.issues).toEqual([]);
		expect(session.name).toBe("fix the parser");
		expect(session.getLabel("a1000001")).toBe("task");
		expect(session.leafId).toBe("a100000c");
		expect(session.getEntries()).toHaveLength(15);
		const context = session.buildContext();
		expect(context.entryIds).toEqual([
			"a1000006",
			"a1000004",
			"a1000005",
			"a1000009",
			"a100000b",
			"a100000c",
		]);
		expect(context.messages.map((message) => message.role)).toEqual([
			"compactionSummary",
			"assistant",
			"toolResult",
			"custom",
			"branchSummary",
			"user",
		]);
		expect(context.model).toEqual({
			provider: "anthropic",
			modelId: "claude-test",
			api: "anthropic-messages",
		});
		expect(context.thinkingLevel).toBe("medium");
	});

	it("skips a torn last line and reports it", async () => {
		const session = await openFixture("torn-tail.jsonl");
		expect(session.issues).toEqual([{ line: 4, kind: "torn", message: expect.stringContaining("cut off") }]);
		expect(session.getEntries().map((entry) => entry.id)).toEqual(["c1000001", "c1000002"]);
		expect(session.leafId).toBe("c1000002");
	});

	it("starts the first append after a torn line on a line of its own", async () => {
		const { path, manager } = await copyOfFixture("torn-tail.jsonl");
		const session = await manager.open(path);
		const entry = session.appendCustom("after-crash", { ok: true });
		await session.close();
		const text = await readFile(path, "utf8");
		expect(text.split("\n").at(-2)).toBe(JSON.stringify(entry));
		const reopened = await manager.open(path, { readOnly: true });
		expect(reopened.getEntries().map((e) => e.id)).toEqual(["c1000001", "c1000002", entry.id]);
		// The torn line is now a complete line in the middle: still skipped, now as malformed.
		expect(reopened.issues).toEqual([
			{ line: 4, kind: "malformed", message: expect.stringContaining("not JSON") },
		]);
	});

	it("skips malformed lines anywhere and reports each", async () => {
		const session = await openFixture("malformed-middle.jsonl");
		expect(session.issues.map(({ line, kind }) => ({ line, kind }))).toEqual([
			{ line: 3, kind: "malformed" },
			{ line: 4, kind: "malformed" },
			{ line: 5, kind: "malformed" },
			{ line: 6, kind: "malformed" },
		]);
		expect(session.issues[0]?.message).toMatch(/not JSON/);
		expect(session.issues[1]?.message).toMatch(/not a JSON object/);
		expect(session.issues[2]?.message).toMatch(/unknown entry type "mystery"/);
		expect(session.issues[3]?.message).toMatch(/no id/);
		expect(session.getEntries().map((entry) => entry.id)).toEqual(["d1000001", "d1000004"]);
		expect(session.getBranch().map((entry) => entry.id)).toEqual(["d1000001", "d1000004"]);
	});

	it("makes an entry with an unknown parent a root and skips a label of a missing entry", async () => {
		const session = await openFixture("unknown-parent.jsonl");
		expect(session.issues.map(({ line, kind }) => ({ line, kind }))).toEqual([
			{ line: 3, kind: "unknown_parent" },
			{ line: 5, kind: "unknown_parent" },
		]);
		expect(session.issues[0]?.message).toMatch(/parent ghost001 .* made a root/);
		expect(session.getEntry("e1000002")).toMatchObject({ parentId: null });
		expect(session.getTree().map((node) => node.entry.id)).toEqual(["e1000001", "e1000002"]);
		expect(session.getBranch().map((entry) => entry.id)).toEqual(["e1000002", "e1000003"]);
		expect(session.getEntry("e0000001")).toBeUndefined();
	});

	it("keeps the first of two entries with one id", async () => {
		const session = await openFixture("duplicate-id.jsonl");
		expect(session.issues).toEqual([
			{ line: 4, kind: "malformed", message: expect.stringMatching(/duplicate id f1000002/) },
		]);
		expect(session.getEntry("f1000002")).toMatchObject({ message: { content: [{ text: "original" }] } });
		expect(session.getBranch().map((entry) => entry.id)).toEqual(["f1000001", "f1000002", "f1000003"]);
	});

	it.each([
		["empty.jsonl", /empty\.jsonl: the file is empty/],
		["garbage.jsonl", /garbage\.jsonl: not a session file: line 1 is not JSON.*starts with a header line/],
		["binary.jsonl", /binary\.jsonl: not a session file: line 1 is not JSON/],
		["header-missing.jsonl", /header-missing\.jsonl: not a session file: line 1 has type "message"/],
	])("refuses %s with a clear message", async (name, message) => {
		const error = await openFixture(name).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(SessionFormatError);
		expect((error as Error).message).toMatch(message);
	});

	it("refuses a newer format version, naming the versions it reads and asking to upgrade", async () => {
		for (const readOnly of [true, false]) {
			const { path, manager } = await copyOfFixture("future-version.jsonl");
			const error = await manager.open(path, { readOnly }).catch((caught: unknown) => caught);
			expect(error).toBeInstanceOf(SessionFormatError);
			expect((error as Error).message).toMatch(
				/format version 3, but this version of @kestrel\/harness reads versions 1 to 2\. Upgrade @kestrel\/harness/,
			);
			// A refused open for writing leaves neither a lock nor a changed file behind.
			await expect(stat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
			expect(jsonLines(await readFile(path, "utf8"))[0]).toMatchObject({ version: 3 });
		}
	});

	it("says what to do when the file does not exist", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		for (const path of [join(dir, "missing.jsonl"), join(dir, "no-such-folder", "missing.jsonl")]) {
			for (const readOnly of [true, false]) {
				await expect(manager.open(path, { readOnly })).rejects.toThrow(
					/No session file at .*SessionManager\.list\(\)/,
				);
			}
			await expect(stat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
		}
	});

	it("lists only the fixtures that are sessions", async () => {
		const dir = await temp.make();
		for (const name of ["current-v2.jsonl", "v1.jsonl", "torn-tail.jsonl", "empty.jsonl", "binary.jsonl"]) {
			await copyFile(join(FIXTURES, name), join(dir, name));
		}
		const infos = await new SessionManager({ dir, cwd: "/p" }).list();
		expect(infos.map((info) => info.id).sort()).toEqual([
			"0b6a3c1e-5f2d-4e8a-9c7b-1d2e3f4a5b6c",
			"0b6a3c1e-5f2d-4e8a-9c7b-1d2e3f4a5b6c",
			"7d1e2c3b-4a5f-4b6c-8d7e-9f0a1b2c3d4e",
		]);
		const legacy = infos.find((info) => info.id.startsWith("7d1e"));
		expect(legacy).toMatchObject({
			name: "legacy session",
			messageCount: 5,
			firstMessage: "hello from v1",
			cwd: "/work/legacy",
		});
	});
});

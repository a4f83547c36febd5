import { describe, expect, it } from "vitest";
import { backends, decode, run, textOf } from "../../test/helpers.js";
import { FileStateTracker } from "../file-state/file-state-tracker.js";
import { MutationQueue } from "../mutation-queue/mutation-queue.js";
import type { FileOperations } from "../types.js";
import { createEditTool, prepareEditArguments } from "./edit-tool.js";

const BOM = "\ufeff";

describe.each(backends)("edit tool on $name", ({ create }) => {
	it("edits a CRLF file with a BOM from an LF oldText; every other byte stays identical", async () => {
		const before = `${BOM}// header\r\nfunction f() {\r\n\treturn “one”;\r\n}\r\n// footer\r\n`;
		const workspace = await create({ "src/f.ts": before });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, {
			path: "src/f.ts",
			edits: [
				{ oldText: 'function f() {\n    return "one";\n}', newText: 'function f() {\n    return "two";\n}' },
			],
		});
		expect(result.isError).toBeUndefined();
		const after = decode(await workspace.bytes("src/f.ts"));
		expect(after).toBe(`${BOM}// header\r\nfunction f() {\r\n\treturn “two”;\r\n}\r\n// footer\r\n`);
		expect(result.details.firstChangedLine).toBe(3);
		expect(result.details.diff).toContain("-\treturn “one”;\r");
		expect(result.details.diff).toContain("+\treturn “two”;\r");
		expect(result.details.edits[0]).toMatchObject({ kind: "indentation", startLine: 2, endLine: 4 });
		expect(textOf(result)).toContain("line endings, quotes");
	});

	it("applies several edits in one call and reports the first changed line", async () => {
		const workspace = await create({ "a.txt": "one\ntwo\nthree\nfour\n" });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, {
			path: "a.txt",
			edits: [
				{ oldText: "four", newText: "4" },
				{ oldText: "two", newText: "2" },
			],
		});
		expect(await workspace.text("a.txt")).toBe("one\n2\nthree\n4\n");
		expect(result.details.firstChangedLine).toBe(2);
		expect(textOf(result)).toBe("Edited a.txt: 2 edits (line 4; line 2).");
		expect(result.details.diff).toBe(
			"--- a/a.txt\n+++ b/a.txt\n@@ -1,4 +1,4 @@\n one\n-two\n+2\n three\n-four\n+4\n",
		);
	});

	it("leaves the file untouched when any edit fails", async () => {
		const workspace = await create({ "a.txt": "one\ntwo\n" });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, {
			path: "a.txt",
			edits: [
				{ oldText: "one", newText: "1" },
				{ oldText: "zwei", newText: "2" },
			],
		});
		expect(result.isError).toBe(true);
		expect(result.details.failure).toMatchObject({ index: 1, reason: "not_found" });
		expect(textOf(result)).toMatch(/^Edit 2: oldText was not found/);
		expect(await workspace.text("a.txt")).toBe("one\ntwo\n");
	});

	it("keeps the file's permissions", async () => {
		const workspace = await create();
		await workspace.put("run.sh", "#!/bin/sh\necho hi\n", 0o755);
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		await run(tool, { path: "run.sh", edits: [{ oldText: "echo hi", newText: "echo hello" }] });
		expect(await workspace.text("run.sh")).toBe("#!/bin/sh\necho hello\n");
		expect(await workspace.mode("run.sh")).toBe(0o755);
	});

	it("refuses to change a read-only file, even as root", async () => {
		const workspace = await create();
		await workspace.put("locked.ts", "const a = 1;\n", 0o444);
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "locked.ts", edits: [{ oldText: "1", newText: "2" }] });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/^locked\.ts is read-only \(mode 0444\), so it was not changed\./);
		expect(await workspace.text("locked.ts")).toBe("const a = 1;\n");
		expect(await workspace.mode("locked.ts")).toBe(0o444);
	});

	it("refuses a path that ends with a slash", async () => {
		const workspace = await create({ "a.txt": "one\n" });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "a.txt/", edits: [{ oldText: "one", newText: "two" }] });
		expect(textOf(result)).toBe('"a.txt/" ends with a slash, so it names a folder; edit changes files.');
		expect(await workspace.text("a.txt")).toBe("one\n");
	});

	it("lands every edit of a parallel batch on one file", async () => {
		const lines = Array.from({ length: 8 }, (_, index) => `value${index} = ${index};`);
		const workspace = await create({ "values.ts": `${lines.join("\n")}\n` });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const results = await Promise.all(
			lines.map((_, index) =>
				run(tool, {
					path: "values.ts",
					edits: [{ oldText: `value${index} = ${index};`, newText: `value${index} = ${index + 100};` }],
				}),
			),
		);
		expect(results.every((result) => !result.isError)).toBe(true);
		expect(await workspace.text("values.ts")).toBe(
			`${lines.map((_, index) => `value${index} = ${index + 100};`).join("\n")}\n`,
		);
	});

	it("serialises edits made through another spelling of the same file (a symbolic link)", async () => {
		const workspace = await create({ "real.txt": "a\nb\n" });
		await workspace.symlink("real.txt", "alias.txt");
		const queue = new MutationQueue();
		const tool = createEditTool(workspace.root, { operations: workspace.operations, mutationQueue: queue });
		await Promise.all([
			run(tool, { path: "real.txt", edits: [{ oldText: "a", newText: "A" }] }),
			run(tool, { path: "alias.txt", edits: [{ oldText: "b", newText: "B" }] }),
		]);
		expect(await workspace.text("real.txt")).toBe("A\nB\n");
		expect(await workspace.exists("alias.txt")).toBe(true);
	});

	it("starts over when someone writes the file while the edit is being made, keeping their change", async () => {
		const workspace = await create({ "a.txt": "one\ntwo\nthree\n" });
		const base = workspace.operations;
		let interfered = false;
		const operations: FileOperations = {
			stat: (path) => base.stat(path),
			lstat: (path) => base.lstat(path),
			realpath: (path) => base.realpath(path),
			readdir: (path) => base.readdir(path),
			readStream: (path, options) => base.readStream(path, options),
			writeFile: (path, data, options) => base.writeFile(path, data, options),
			rename: (from, to) => base.rename(from, to),
			remove: (path) => base.remove(path),
			mkdir: (path) => base.mkdir(path),
			chmod: (path, mode) => base.chmod(path, mode),
			readFile: async (path, signal) => {
				const data = await base.readFile(path, signal);
				if (!interfered) {
					interfered = true;
					// A user's editor saves the file right after the tool read it.
					await workspace.put("a.txt", "one\ntwo\nthree\nfour (the user's)\n");
				}
				return data;
			},
		};
		const tool = createEditTool(workspace.root, { operations });
		const result = await run(tool, { path: "a.txt", edits: [{ oldText: "two", newText: "2" }] });
		expect(result.isError).toBeUndefined();
		expect(await workspace.text("a.txt")).toBe("one\n2\nthree\nfour (the user's)\n");
	});

	it("refuses binary and non-UTF-8 files instead of altering their bytes", async () => {
		const workspace = await create({
			"image.bin": new Uint8Array([0x00, 0x01, 0x61, 0x00]),
			"latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
		});
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { path: "image.bin", edits: [{ oldText: "a", newText: "b" }] }))).toContain(
			"binary",
		);
		const latin = await run(tool, { path: "latin1.txt", edits: [{ oldText: "caf", newText: "bar" }] });
		expect(textOf(latin)).toContain("not valid UTF-8");
		expect(Array.from(await workspace.bytes("latin1.txt"))).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0a]);
	});

	it("says how to create a missing file and suggests near names", async () => {
		const workspace = await create({ "src/index.ts": "x" });
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "src/Index.ts", edits: [{ oldText: "x", newText: "y" }] });
		expect(textOf(result)).toBe(
			"src/Index.ts does not exist. Did you mean src/index.ts? To create a file, use write.",
		);
	});

	it("records what it wrote, so a following write is not refused as stale", async () => {
		const workspace = await create({ "a.txt": "one\n" });
		const fileState = new FileStateTracker();
		const tool = createEditTool(workspace.root, { operations: workspace.operations, fileState });
		await run(tool, { path: "a.txt", edits: [{ oldText: "one", newText: "two" }] });
		const [path] = fileState.paths();
		expect(path?.endsWith("a.txt")).toBe(true);
		expect(fileState.get(path!)?.size).toBe(4);
	});

	it("refuses paths outside the workspace", async () => {
		const workspace = await create();
		const tool = createEditTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "../outside.txt", edits: [{ oldText: "a", newText: "b" }] });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toContain("outside the workspace");
	});
});

describe("prepareEditArguments", () => {
	it("accepts a single top-level oldText/newText", () => {
		expect(prepareEditArguments({ path: "a", oldText: "x", newText: "y" })).toEqual({
			path: "a",
			edits: [{ oldText: "x", newText: "y" }],
		});
	});

	it("accepts old_string/new_string/replace_all", () => {
		expect(prepareEditArguments({ path: "a", old_string: "x", new_string: "y", replace_all: true })).toEqual({
			path: "a",
			edits: [{ oldText: "x", newText: "y", replaceAll: true }],
		});
	});

	it("accepts edits sent as JSON text or as one object", () => {
		expect(prepareEditArguments({ path: "a", edits: '[{"oldText":"x","newText":"y"}]' })).toEqual({
			path: "a",
			edits: [{ oldText: "x", newText: "y" }],
		});
		expect(prepareEditArguments({ path: "a", edits: { oldText: "x", newText: "y" } })).toEqual({
			path: "a",
			edits: [{ oldText: "x", newText: "y" }],
		});
	});
});

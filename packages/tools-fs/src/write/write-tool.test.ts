import { describe, expect, it } from "vitest";
import { backends, run, textOf, type Workspace } from "../../test/helpers.js";
import { FileStateTracker } from "../file-state/file-state-tracker.js";
import { createReadTool } from "../read/read-tool.js";
import type { FileOperations, WriteToolOptions } from "../types.js";
import { createWriteTool } from "./write-tool.js";

/** A read and a write tool that share what they know, as `createFsTools` makes them. */
function tools(
	workspace: Workspace,
	options: WriteToolOptions = {},
	operations: FileOperations = workspace.operations,
) {
	const fileState = new FileStateTracker();
	return {
		read: createReadTool(workspace.root, { operations, fileState }),
		write: createWriteTool(workspace.root, { operations, fileState, ...options }),
	};
}

describe.each(backends)("write tool on $name", ({ create }) => {
	it("creates a file and its folders, and reports bytes and lines", async () => {
		const workspace = await create();
		const { write } = tools(workspace);
		const result = await run(write, {
			path: "src/deep/new.ts",
			content: "export const x = 1;\nexport const y = 2;\n",
		});
		expect(textOf(result)).toBe("Created src/deep/new.ts: 2 lines, 40 B.");
		expect(result.details).toEqual({ path: "src/deep/new.ts", created: true, bytes: 40, lines: 2 });
		expect(await workspace.text("src/deep/new.ts")).toBe("export const x = 1;\nexport const y = 2;\n");
	});

	it("refuses to overwrite a file it has not read, and overwrites it once read", async () => {
		const workspace = await create({ "notes.md": "mine\n" });
		const { read, write } = tools(workspace);
		const refused = await run(write, { path: "notes.md", content: "theirs\n" });
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toBe(
			"notes.md already exists and you have not read it. Read it first, then write it (or use edit to change part of it).",
		);
		expect(await workspace.text("notes.md")).toBe("mine\n");
		await run(read, { path: "notes.md" });
		const result = await run(write, { path: "notes.md", content: "theirs\n" });
		expect(textOf(result)).toBe("Overwrote notes.md: 1 line, 7 B.");
		expect(result.details.diff).toBe("--- a/notes.md\n+++ b/notes.md\n@@ -1,1 +1,1 @@\n-mine\n+theirs\n");
	});

	it("refuses to overwrite a file that changed on disk since it was read", async () => {
		const workspace = await create({ "config.json": '{"a":1}\n' });
		const { read, write } = tools(workspace);
		await run(read, { path: "config.json" });
		await workspace.put("config.json", '{"a":1,"b":2}\n');
		const refused = await run(write, { path: "config.json", content: '{"a":3}\n' });
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toContain("config.json changed on disk since you last read it");
		expect(textOf(refused)).toContain("Read it again before writing");
		expect(await workspace.text("config.json")).toBe('{"a":1,"b":2}\n');
		await run(read, { path: "config.json" });
		expect((await run(write, { path: "config.json", content: '{"a":3}\n' })).isError).toBeUndefined();
	});

	it("detects a change that keeps the size, and forgives a touch that keeps the content", async () => {
		const workspace = await create({ "a.txt": "aaaa" });
		const { read, write } = tools(workspace);
		await run(read, { path: "a.txt" });
		await workspace.put("a.txt", "aaaa");
		expect((await run(write, { path: "a.txt", content: "b" })).isError).toBeUndefined();
		await run(read, { path: "a.txt" });
		await workspace.put("a.txt", "c");
		expect((await run(write, { path: "a.txt", content: "d" })).isError).toBe(true);
	});

	it("may overwrite unread files when configured, but never stale ones", async () => {
		const workspace = await create({ "a.txt": "1" });
		const { read, write } = tools(workspace, { requireReadBeforeOverwrite: false });
		expect((await run(write, { path: "a.txt", content: "2" })).isError).toBeUndefined();
		await run(read, { path: "a.txt" });
		await workspace.put("a.txt", "33");
		expect((await run(write, { path: "a.txt", content: "4" })).isError).toBe(true);
	});

	it("may write again what it wrote itself without reading it", async () => {
		const workspace = await create();
		const { write } = tools(workspace);
		await run(write, { path: "a.txt", content: "1" });
		expect((await run(write, { path: "a.txt", content: "2" })).isError).toBeUndefined();
		expect(await workspace.text("a.txt")).toBe("2");
	});

	it("keeps the mode of the file it replaces", async () => {
		const workspace = await create();
		await workspace.put("run.sh", "#!/bin/sh\n", 0o755);
		await workspace.put("secret.env", "KEY=1\n", 0o600);
		const { read, write } = tools(workspace);
		for (const path of ["run.sh", "secret.env"]) {
			await run(read, { path });
			await run(write, { path, content: "changed\n" });
		}
		expect(await workspace.mode("run.sh")).toBe(0o755);
		expect(await workspace.mode("secret.env")).toBe(0o600);
	});

	it("keeps the CRLF line endings and BOM of the file it replaces", async () => {
		const workspace = await create({ "win.txt": "\ufeffold\r\nlines\r\n" });
		const { read, write } = tools(workspace);
		await run(read, { path: "win.txt" });
		const result = await run(write, { path: "win.txt", content: "new\nlines\n" });
		expect(await workspace.text("win.txt")).toBe("\ufeffnew\r\nlines\r\n");
		expect(result.details.kept).toEqual(["crlf", "bom"]);
		expect(textOf(result)).toContain("Kept the file's CRLF line endings and byte order mark.");
	});

	it("leaves no partial file and no temporary file when the write fails midway", async () => {
		const workspace = await create({ "data.json": '{"old":true}\n' });
		const failing: FileOperations = {
			...workspace.operations,
			// Bind the methods of class-based operations that the spread does not carry.
			stat: (path) => workspace.operations.stat(path),
			lstat: (path) => workspace.operations.lstat(path),
			realpath: (path) => workspace.operations.realpath(path),
			readdir: (path) => workspace.operations.readdir(path),
			readFile: (path, signal) => workspace.operations.readFile(path, signal),
			readStream: (path, options) => workspace.operations.readStream(path, options),
			rename: (from, to) => workspace.operations.rename(from, to),
			remove: (path) => workspace.operations.remove(path),
			mkdir: (path) => workspace.operations.mkdir(path),
			chmod: (path, mode) => workspace.operations.chmod(path, mode),
			writeFile: async (path, data, options) => {
				await workspace.operations.writeFile(path, data.subarray(0, data.byteLength >> 1), options);
				throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
			},
		};
		const { read, write } = tools(workspace, {}, failing);
		await run(read, { path: "data.json" });
		const before = await workspace.names(".");
		const result = await run(write, { path: "data.json", content: `{"new":"${"x".repeat(1000)}"}\n` });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toContain("no space left on device");
		expect(await workspace.text("data.json")).toBe('{"old":true}\n');
		expect(await workspace.names(".")).toEqual(before);
		const created = await run(write, { path: "fresh.json", content: "{}" });
		expect(created.isError).toBe(true);
		expect(await workspace.exists("fresh.json")).toBe(false);
		expect(await workspace.names(".")).toEqual(before);
	});

	it("refuses to write outside the workspace, also through a symbolic link", async () => {
		const workspace = await create({ "../outside/keep.txt": "keep" });
		await workspace.symlink(workspace.path("../outside"), "out");
		await workspace.symlink(workspace.path("../outside/keep.txt"), "keep-link.txt");
		await workspace.symlink(workspace.path("../outside/missing.txt"), "dangling.txt");
		const { write } = tools(workspace);
		for (const path of [
			"../outside/new.txt",
			workspace.path("../outside/new.txt"),
			"out/new.txt",
			"keep-link.txt",
		]) {
			const result = await run(write, { path, content: "x" });
			expect(result.isError, path).toBe(true);
			expect(textOf(result)).toContain("outside the workspace");
		}
		const dangling = await run(write, { path: "dangling.txt", content: "x" });
		expect(textOf(dangling)).toContain("symbolic link whose target does not exist");
		expect(await workspace.names("../outside")).toEqual(["keep.txt"]);
		expect(await workspace.text("../outside/keep.txt")).toBe("keep");
	});

	it("refuses to replace a folder", async () => {
		const workspace = await create({ "src/a.ts": "" });
		const { write } = tools(workspace);
		expect(textOf(await run(write, { path: "src", content: "x" }))).toBe("src is a folder; not written.");
	});

	it("refuses a path that ends with a slash instead of creating a file of the folder's name", async () => {
		const workspace = await create();
		const { write } = tools(workspace);
		const result = await run(write, { path: "newdir/", content: "x" });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toBe(
			'"newdir/" ends with a slash, so it names a folder, not a file; nothing was written. ' +
				'Give the full path of the file, such as "newdir/<file name>" (missing folders are created).',
		);
		expect(await workspace.exists("newdir")).toBe(false);
	});

	it("refuses to replace a read-only file, even as root, and leaves it as it was", async () => {
		const workspace = await create();
		await workspace.put("locked.txt", "keep\n", 0o444);
		const { read, write } = tools(workspace);
		await run(read, { path: "locked.txt" });
		const result = await run(write, { path: "locked.txt", content: "changed\n" });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toBe(
			"locked.txt is read-only (mode 0444), so it was not changed. If it should change, ask the user to make " +
				"it writable (for example chmod u+w locked.txt); do not change its permissions yourself.",
		);
		expect(await workspace.text("locked.txt")).toBe("keep\n");
		expect(await workspace.mode("locked.txt")).toBe(0o444);
		// Its folder stays writable: creating files next to it still works.
		expect((await run(write, { path: "next.txt", content: "x" })).isError).toBeFalsy();
	});
});

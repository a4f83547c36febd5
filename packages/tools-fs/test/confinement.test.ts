import { describe, expect, it } from "vitest";
import { createFsTools, type FsTools } from "../src/fs-tools.js";
import type { FileOperations } from "../src/types.js";
import { backends, run, textOf, type Workspace } from "./helpers.js";

/**
 * The operations of `workspace`, except that right after the path check has resolved a
 * path under `sub/`, `sub` becomes a symbolic link to `../outside`: the swap another
 * process can make between the check and the use, made at the worst moment every time.
 */
function swappingAfterCheck(workspace: Workspace): FileOperations {
	const inner = workspace.operations;
	let armed = true;
	const sub = workspace.path("sub");
	return {
		stat: (path) => inner.stat(path),
		lstat: (path) => inner.lstat(path),
		realpath: async (path) => {
			const real = await inner.realpath(path);
			if (armed && (path === sub || path.startsWith(`${sub}/`))) {
				armed = false;
				await inner.rename(sub, workspace.path("sub-moved"));
				await workspace.symlink(workspace.path("../outside"), "sub");
			}
			return real;
		},
		readdir: (path, options) => inner.readdir(path, options),
		readFile: (path, signal, options) => inner.readFile(path, signal, options),
		readStream: (path, options) => inner.readStream(path, options),
		writeFile: (path, data, options) => inner.writeFile(path, data, options),
		rename: (from, to, options) => inner.rename(from, to, options),
		remove: (path, options) => inner.remove(path, options),
		mkdir: (path, options) => inner.mkdir(path, options),
		chmod: (path, mode, options) => inner.chmod(path, mode, options),
	};
}

const files = {
	"sub/file.txt": "inside\n",
	"../outside/file.txt": "outside secret\n",
	"../outside/only-outside.txt": "outside secret\n",
};

describe.each(backends)(
	"a folder swapped for a link out of the workspace after the check, on $name",
	({ create }) => {
		const setUp = async () => {
			const workspace = await create(files);
			const tools = createFsTools(workspace.root, {
				operations: swappingAfterCheck(workspace),
				write: { requireReadBeforeOverwrite: false },
			});
			return { workspace, tools };
		};
		const refused = /leads outside the workspace: a symbolic link on the way was changed/;

		it("is not read through by read, ls, find or grep", async () => {
			for (const call of [
				(tools: FsTools) => run(tools.read, { path: "sub/file.txt" }),
				(tools: FsTools) => run(tools.ls, { path: "sub" }),
				(tools: FsTools) => run(tools.find, { pattern: "*", path: "sub" }),
				(tools: FsTools) => run(tools.grep, { pattern: "secret", path: "sub" }),
			]) {
				const { tools } = await setUp();
				const result = await call(tools);
				expect(textOf(result)).not.toMatch(/secret|only-outside/);
				expect(textOf(result)).toMatch(refused);
				expect(result.isError).toBe(true);
			}
		});

		it("is not written through by write or edit, new file or existing", async () => {
			for (const call of [
				(tools: FsTools) => run(tools.write, { path: "sub/new.txt", content: "written\n" }),
				(tools: FsTools) => run(tools.write, { path: "sub/deeper/new.txt", content: "written\n" }),
				(tools: FsTools) => run(tools.write, { path: "sub/file.txt", content: "written\n" }),
				(tools: FsTools) =>
					run(tools.edit, { path: "sub/file.txt", edits: [{ oldText: "secret", newText: "changed" }] }),
			]) {
				const { workspace, tools } = await setUp();
				const result = await call(tools);
				expect(textOf(result)).toMatch(refused);
				expect(await workspace.names("../outside")).toEqual(["file.txt", "only-outside.txt"]);
				expect(await workspace.text("../outside/file.txt")).toBe("outside secret\n");
			}
		});
	},
);

import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadContextFiles } from "../../src/system-prompt/index.js";
import { createTempTree, type TempTree } from "./temp-tree.js";

let tree: TempTree;
beforeEach(async () => {
	tree = await createTempTree();
});
afterEach(async () => {
	await tree.remove();
});

function hasGitAbove(folder: string): boolean {
	for (let current = folder; ; current = dirname(current)) {
		if (existsSync(join(current, ".git"))) return true;
		if (dirname(current) === current) return false;
	}
}

describe("loadContextFiles", () => {
	it("takes AGENTS.md over CLAUDE.md in each folder, global first, outermost folder next", async () => {
		await tree.mkdir("repo/.git");
		await tree.write("home/CLAUDE.md", "global claude");
		await tree.write("home/AGENTS.md", "global agents");
		await tree.write("repo/AGENTS.md", "root agents");
		await tree.write("repo/CLAUDE.md", "root claude");
		await tree.write("repo/pkg/CLAUDE.md", "pkg claude");
		const cwd = await tree.mkdir("repo/pkg/src");

		const files = await loadContextFiles({ cwd, globalDir: tree.path("home") });
		expect(files).toEqual([
			{ path: tree.path("home/AGENTS.md"), content: "global agents" },
			{ path: tree.path("repo/AGENTS.md"), content: "root agents" },
			{ path: tree.path("repo/pkg/CLAUDE.md"), content: "pkg claude" },
		]);
	});

	it("ignores files above the git root", async () => {
		await tree.write("AGENTS.md", "above the repo");
		await tree.write("repo/AGENTS.md", "repo");
		await tree.mkdir("repo/.git");
		const files = await loadContextFiles({ cwd: tree.path("repo"), globalDir: tree.path("home") });
		expect(files.map((file) => file.content)).toEqual(["repo"]);
	});

	it("accepts a .git file (worktrees, submodules) as the git root", async () => {
		await tree.write("AGENTS.md", "above the worktree");
		await tree.write("worktree/.git", "gitdir: /elsewhere/.git/worktrees/w\n");
		await tree.write("worktree/CLAUDE.md", "worktree");
		const cwd = await tree.mkdir("worktree/deep");
		const files = await loadContextFiles({ cwd, globalDir: tree.path("home") });
		expect(files.map((file) => file.content)).toEqual(["worktree"]);
	});

	it.skipIf(hasGitAbove(tmpdir()))("walks up to the filesystem root when there is no git root", async () => {
		await tree.write("AGENTS.md", "tree root");
		await tree.write("a/CLAUDE.md", "a");
		await tree.write("a/b/AGENTS.md", "b");
		const cwd = await tree.mkdir("a/b/c");
		const files = await loadContextFiles({ cwd, globalDir: tree.path("home") });
		// Files outside the temp tree (on this machine, above the temp folder) may come first; ours end the list, in order.
		const inside = files.filter((file) => file.path.startsWith(tree.root));
		expect(inside.map((file) => file.content)).toEqual(["tree root", "a", "b"]);
		expect(files.slice(-3)).toEqual(inside);
	});

	it("skips a context file that cannot be read and falls back to CLAUDE.md", async () => {
		await tree.mkdir("repo/.git");
		// A folder named AGENTS.md cannot be read as a file (chmod does not stop root).
		await tree.mkdir("repo/AGENTS.md");
		await tree.write("repo/CLAUDE.md", "fallback");
		await tree.mkdir("repo/sub/AGENTS.md");
		const files = await loadContextFiles({ cwd: tree.path("repo/sub"), globalDir: tree.path("home") });
		expect(files).toEqual([{ path: tree.path("repo/CLAUDE.md"), content: "fallback" }]);
	});

	it("lists a file once when the global folder is on the path", async () => {
		await tree.mkdir("repo/.git");
		await tree.write("repo/AGENTS.md", "once");
		const files = await loadContextFiles({ cwd: tree.path("repo"), globalDir: tree.path("repo") });
		expect(files.map((file) => file.content)).toEqual(["once"]);
	});

	it("returns nothing when there are no context files", async () => {
		await tree.mkdir("repo/.git");
		expect(await loadContextFiles({ cwd: tree.path("repo"), globalDir: tree.path("home") })).toEqual([]);
	});
});

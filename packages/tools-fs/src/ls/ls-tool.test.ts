import { describe, expect, it } from "vitest";
import { backends, run, textOf } from "../../test/helpers.js";
import { createLsTool } from "./ls-tool.js";

describe.each(backends)("ls tool on $name", ({ create }) => {
	it("lists entries sorted, folders with /, dotfiles in, .git out, ignored ones named in a note", async () => {
		const workspace = await create({
			".gitignore": "node_modules/\n*.log\n",
			".git/HEAD": "",
			".env.example": "",
			"README.md": "",
			"src/index.ts": "",
			"node_modules/x/index.js": "",
			"debug.log": "",
			"b.txt": "",
			"A.txt": "",
		});
		await workspace.symlink("src", "source");
		const tool = createLsTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, {});
		expect(textOf(result)).toBe(
			".env.example\n.gitignore\nA.txt\nb.txt\nREADME.md\nsource/\nsrc/\n\n[Ignored by .gitignore, not listed: debug.log, node_modules/]",
		);
		expect(result.details).toMatchObject({
			path: ".",
			total: 7,
			limitReached: false,
			ignored: ["debug.log", "node_modules/"],
		});
	});

	it("applies the .gitignore of folders above the listed one", async () => {
		const workspace = await create({ ".gitignore": "*.gen.ts\n", "src/a.ts": "", "src/a.gen.ts": "" });
		const tool = createLsTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { path: "src" }))).toBe(
			"a.ts\n\n[Ignored by .gitignore, not listed: a.gen.ts]",
		);
	});

	it("stops at the limit and says how to see more", async () => {
		const workspace = await create(
			Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`f${index}.txt`, ""])),
		);
		const tool = createLsTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { limit: 2 });
		expect(textOf(result)).toBe(
			"f0.txt\nf1.txt\n\n[Showing 2 of 5 entries (limit of 2). Use limit=4 for more, or find to narrow down.]",
		);
		expect(result.details.limitReached).toBe(true);
	});

	it("answers an empty folder, a file and a missing folder", async () => {
		const workspace = await create({ "file.txt": "abc" });
		await workspace.operations.mkdir(workspace.path("empty"));
		const tool = createLsTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { path: "empty" }))).toBe("(empty folder)");
		expect(textOf(await run(tool, { path: "file.txt" }))).toBe(
			"file.txt is a file (3 B), not a folder; use read to see it.",
		);
		expect((await run(tool, { path: "nope" })).isError).toBe(true);
		expect(textOf(await run(tool, { path: "../.." }))).toContain("outside the workspace");
	});
});

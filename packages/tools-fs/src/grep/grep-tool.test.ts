import { describe, expect, it } from "vitest";
import { diskWorkspace, memoryWorkspace, run, textOf } from "../../test/helpers.js";
import { createGrepTool } from "./grep-tool.js";

/**
 * The same behaviour from every engine: ripgrep on the disk, the JavaScript engine on the
 * disk, and the JavaScript engine on other file operations (memory). `used` is the engine
 * a folder search must report: a search that fell back would fail these tests.
 */
export const grepEngines = [
	{ name: "disk with ripgrep", create: diskWorkspace, engine: "ripgrep", used: "ripgrep" },
	{
		name: "disk with the JavaScript engine",
		create: diskWorkspace,
		engine: "javascript",
		used: "javascript",
	},
	{ name: "memory (JavaScript only)", create: memoryWorkspace, engine: "ripgrep", used: "javascript" },
] as const;

describe.each(grepEngines)("grep tool on $name", ({ create, engine, used }) => {
	const files = {
		".gitignore": "dist/\n",
		".git/config": "needle",
		"dist/bundle.js": "needle",
		"src/a.ts": "const needle = 1;\nconst other = 2;\n",
		"src/b.ts": "// no match here\n",
		"src/c.md": "Needle in docs\n",
		"logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65]),
	};

	it("finds matching lines sorted by path, skipping .git, ignored and binary files", async () => {
		const workspace = await create(files);
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		const result = await run(tool, { pattern: "needle" });
		expect(textOf(result)).toBe("src/a.ts:1:const needle = 1;");
		expect(result.details).toMatchObject({
			files: 1,
			binaryFilesSkipped: 1,
			limitReached: false,
			engine: used,
		});
		expect(result.details.matches).toEqual([{ path: "src/a.ts", line: 1, text: "const needle = 1;" }]);
	});

	it("searches case-insensitively, literally, and within a glob or a single file", async () => {
		const workspace = await create({ ...files, "src/d.ts": "x = a.b(c);\nx = axb(c);\n" });
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		expect(textOf(await run(tool, { pattern: "needle", ignoreCase: true, glob: "*.md" }))).toBe(
			"src/c.md:1:Needle in docs",
		);
		expect(textOf(await run(tool, { pattern: "a.b(c)", literal: true }))).toBe("src/d.ts:1:x = a.b(c);");
		expect(textOf(await run(tool, { pattern: "other", path: "src/a.ts" }))).toBe(
			"src/a.ts:2:const other = 2;",
		);
		expect(textOf(await run(tool, { pattern: "needle", path: "dist/bundle.js" }))).toBe(
			"dist/bundle.js:1:needle",
		);
	});

	it("shows context lines and separates files", async () => {
		const workspace = await create({ "a.txt": "1\n2\nX\n4\n5\n", "b.txt": "X\nend\n" });
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		expect(textOf(await run(tool, { pattern: "X", context: 1 }))).toBe(
			"a.txt-2-2\na.txt:3:X\na.txt-4-4\n--\nb.txt:1:X\nb.txt-2-end",
		);
	});

	it("separates groups within a file, joins overlapping context and keeps line endings out", async () => {
		const workspace = await create({ "a.txt": "X1\r\n2\r\n3\r\nX4\r\n5\r\n6\r\n7\r\nX8\r\n9\r\n" });
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		const result = await run(tool, { pattern: "^X\\d$", context: 1 });
		expect(textOf(result)).toBe(
			"a.txt:1:X1\na.txt-2-2\na.txt-3-3\na.txt:4:X4\na.txt-5-5\n--\na.txt-7-7\na.txt:8:X8\na.txt-9-9",
		);
		expect(result.details.engine).toBe(used);
	});

	it("stops a file at the limit, keeping the last match's after-context, in walk order", async () => {
		const workspace = await create({
			"a.b": "hit\n",
			"a/x.txt": "hit 1\nafter\nbefore\nhit 2\n",
			"b.txt": "hit\n",
		});
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		const result = await run(tool, { pattern: "hit", limit: 1, context: 1 });
		expect(textOf(result)).toBe(
			"a/x.txt:1:hit 1\na/x.txt-2-after\n\n[1 matches limit reached. Use limit=2 for more, or narrow the pattern, path or glob.]",
		);
		expect(result.details).toMatchObject({ limitReached: true, engine: used });
	});

	it("stops at the match limit across files, in path order", async () => {
		const workspace = await create(
			Object.fromEntries(
				Array.from({ length: 30 }, (_, index) => [`f${String(index).padStart(2, "0")}.txt`, "hit\nhit\n"]),
			),
		);
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations, concurrency: 4 });
		const result = await run(tool, { pattern: "hit", limit: 5 });
		expect(result.details.matches.map((match) => `${match.path}:${match.line}`)).toEqual([
			"f00.txt:1",
			"f00.txt:2",
			"f01.txt:1",
			"f01.txt:2",
			"f02.txt:1",
		]);
		expect(result.details).toMatchObject({ limitReached: true, engine: used });
		expect(textOf(result)).toContain("[5 matches limit reached. Use limit=10 for more");
	});

	it("clips a long line around the match", async () => {
		const workspace = await create({ "min.js": `${"a".repeat(10_000)}findme${"b".repeat(10_000)}` });
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		const result = await run(tool, { pattern: "findme" });
		const line = textOf(result).split("\n")[0]!;
		expect(line).toMatch(/^min\.js:1:…a+findmeb+…$/);
		expect(line.length).toBeLessThan(520);
		expect(result.details.linesClipped).toBe(true);
	});

	it("bounds the output by bytes", async () => {
		const workspace = await create({ "big.txt": "match this line please\n".repeat(1000) });
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations, maxBytes: 1000 });
		const result = await run(tool, { pattern: "match", limit: 1000 });
		expect(result.details.truncated).toBe(true);
		expect(textOf(result)).toContain("output limit reached");
	});

	it("explains an invalid regex and a missing path", async () => {
		const workspace = await create(files);
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		const invalid = await run(tool, { pattern: "(" });
		expect(invalid.isError).toBe(true);
		expect(textOf(invalid)).toContain("literal: true");
		expect(textOf(await run(tool, { pattern: "x", path: "srcc" }))).toBe(
			"srcc does not exist. Did you mean src?",
		);
	});

	it("says when nothing matches", async () => {
		const workspace = await create(files);
		const tool = createGrepTool(workspace.root, { engine, operations: workspace.operations });
		expect(textOf(await run(tool, { pattern: "zebra", glob: "*.ts" }))).toBe(
			'No matches for "zebra" in the workspace (files matching "*.ts").',
		);
		expect(textOf(await run(tool, { pattern: "zebra" }))).toBe(
			'No matches for "zebra" in the workspace.\n[1 binary file not searched.]',
		);
	});
});

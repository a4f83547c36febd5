import { describe, expect, it } from "vitest";
import { backends } from "../../test/helpers.js";
import { compileGlob } from "./glob.js";
import { IgnoreRules, inheritedRules } from "./ignore-rules.js";
import { walk } from "./walk.js";

async function collect(iterable: AsyncIterable<{ relative: string; kind: string }>): Promise<string[]> {
	const paths: string[] = [];
	for await (const entry of iterable)
		paths.push(entry.kind === "directory" ? `${entry.relative}/` : entry.relative);
	return paths;
}

describe.each(backends)("walk on $name", ({ create }) => {
	it("walks depth first in name order, skipping .git and what nested .gitignore files ignore", async () => {
		const workspace = await create({
			".gitignore": "*.log\nbuild/\n/top-only.txt\n",
			".git/HEAD": "ref",
			"a.log": "",
			"b.txt": "",
			"top-only.txt": "",
			"build/out.js": "",
			"src/.gitignore": "!keep.log\ngenerated/\n",
			"src/keep.log": "",
			"src/drop.log": "",
			"src/top-only.txt": "",
			"src/generated/x.ts": "",
			"src/z.ts": "",
			"src/a/b.ts": "",
		});
		const paths = await collect(walk(workspace.operations, workspace.root, { rules: IgnoreRules.empty }));
		expect(paths).toEqual([
			".gitignore",
			"b.txt",
			"src/",
			"src/.gitignore",
			"src/a/",
			"src/a/b.ts",
			"src/keep.log",
			"src/top-only.txt",
			"src/z.ts",
		]);
	});

	it("applies the .gitignore files of the folders above a start folder", async () => {
		const workspace = await create({ ".gitignore": "*.tmp\n", "src/a.tmp": "", "src/a.ts": "" });
		const start = workspace.path("src");
		const rules = await inheritedRules(workspace.operations, workspace.root, start);
		expect(await collect(walk(workspace.operations, start, { rules }))).toEqual(["a.ts"]);
	});

	it("does not follow symbolic links to folders", async () => {
		const workspace = await create({ "real/a.txt": "" });
		await workspace.symlink("real", "link");
		const paths = await collect(walk(workspace.operations, workspace.root, { rules: IgnoreRules.empty }));
		expect(paths).toEqual(["link", "real/", "real/a.txt"]);
	});

	it("can skip folders that cannot contain matches", async () => {
		const workspace = await create({ "src/a/x.ts": "", "lib/y.ts": "" });
		const glob = compileGlob("src/**/*.ts");
		const paths = await collect(
			walk(workspace.operations, workspace.root, {
				rules: IgnoreRules.empty,
				descend: (entry) => glob.mayContain(entry.relative),
			}),
		);
		expect(paths).toEqual(["lib/", "src/", "src/a/", "src/a/x.ts"]);
	});
});

describe("compileGlob", () => {
	it("matches names at any depth without a slash, paths with one, dotfiles with *", () => {
		const names = compileGlob("*.ts");
		expect(["a.ts", "src/deep/b.ts", "c.tsx"].map(names.matches)).toEqual([true, true, false]);
		const paths = compileGlob("src/**/*.test.ts");
		expect(["src/a.test.ts", "src/x/a.test.ts", "lib/a.test.ts"].map(paths.matches)).toEqual([
			true,
			true,
			false,
		]);
		expect(compileGlob("*").matches(".env")).toBe(true);
		expect(compileGlob("*.{ts,md}").matches("docs/README.md")).toBe(true);
		expect(compileGlob("./src/*.ts").matches("src/a.ts")).toBe(true);
	});
});

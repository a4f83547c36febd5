import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

/** The repository's lint step (`pnpm lint`) that keeps folders inside a package acyclic. */
const script = fileURLToPath(new URL("../../../scripts/check-folder-cycles.mjs", import.meta.url));
const run = promisify(execFile);

const made: string[] = [];
afterEach(() => {
	for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A package folder whose `src/` holds these files (path → text). */
function packageWith(files: Record<string, string>): string {
	const folder = mkdtempSync(join(tmpdir(), "kestrel-cycles-"));
	made.push(folder);
	for (const [path, text] of Object.entries(files)) {
		const file = join(folder, "src", path);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, text);
	}
	return folder;
}

async function check(...folders: string[]): Promise<{ code: number; stderr: string }> {
	try {
		const { stderr } = await run(process.execPath, [script, ...folders]);
		return { code: 0, stderr };
	} catch (error) {
		const { code, stderr } = error as { code: number; stderr: string };
		return { code, stderr };
	}
}

describe("scripts/check-folder-cycles.mjs", () => {
	it("passes on this package", async () => {
		expect(await check(fileURLToPath(new URL("..", import.meta.url)))).toEqual({ code: 0, stderr: "" });
	});

	it("fails on two folders that import each other, naming the files that cross", async () => {
		const folder = packageWith({
			"loop/run.ts": 'import { execute } from "../tools/execute.js";\nexport const run = () => execute();\n',
			"tools/execute.ts": 'import { run } from "../loop/run.js";\nexport const execute = () => run;\n',
		});
		const { code, stderr } = await check(folder);
		expect(code).toBe(1);
		expect(stderr).toContain("the folders");
		expect(stderr).toContain("loop -> tools  (loop/run.ts)");
		expect(stderr).toContain("tools -> loop  (tools/execute.ts)");
		expect(stderr).toContain("1 import cycle between folders: move the shared code down a level.");
	});

	it("finds a cycle through three folders and a file directly in src/", async () => {
		const folder = packageWith({
			"a/one.ts": 'export { two } from "../b/two.js";\n',
			"b/two.ts": 'import "../root.js";\nexport const two = 2;\n',
			"root.ts": 'import { one } from "./a/one.js";\nexport default one;\n',
		});
		const { code, stderr } = await check(folder);
		expect(code).toBe(1);
		expect(stderr).toMatch(/a -> b/);
		expect(stderr).toMatch(/b -> root\.ts/);
		expect(stderr).toMatch(/root\.ts -> a/);
	});

	it("ignores type-only imports and tests: they do not exist at run time", async () => {
		const folder = packageWith({
			"loop/run.ts": 'import { execute } from "../tools/execute.js";\nexport const run = () => execute();\n',
			"tools/execute.ts":
				'import type { run } from "../loop/run.js";\nexport type { run } from "../loop/run.js";\nexport const execute = () => 1;\n',
			"tools/execute.test.ts": 'import { run } from "../loop/run.js";\nrun();\n',
		});
		expect(await check(folder)).toEqual({ code: 0, stderr: "" });
	});
});

import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { describe, expect, it } from "vitest";
import { diskWorkspace, run, temporaryFolder, textOf, type Workspace } from "../../../test/helpers.js";
import { createLocalFileOperations } from "../../operations/local-file-operations.js";
import { createGrepTool } from "../grep-tool.js";
import { bundledRipgrep } from "./locate-ripgrep.js";

/** Runs a search with ripgrep and with the JavaScript engine; both must answer alike. */
async function bothEngines(workspace: Workspace, args: Record<string, unknown>, rgPath?: string) {
	const ripgrep = createGrepTool(workspace.root, {
		engine: "ripgrep",
		operations: workspace.operations,
		...(rgPath !== undefined && { ripgrepPath: rgPath }),
	});
	const javascript = createGrepTool(workspace.root, {
		engine: "javascript",
		operations: workspace.operations,
	});
	const fast = await run(ripgrep, args);
	const portable = await run(javascript, args);
	expect(textOf(fast)).toBe(textOf(portable));
	const { engine: fastEngine, ...fastDetails } = fast.details;
	const { engine: portableEngine, ...portableDetails } = portable.details;
	expect(fastDetails).toEqual(portableDetails);
	expect(portableEngine).toBe("javascript");
	return { text: textOf(fast), details: fast.details, engine: fastEngine };
}

/** A script standing in for `rg`: it runs `body` with sh. */
async function fakeRipgrep(body: string): Promise<string> {
	const path = nodePath.join(await temporaryFolder(), "rg");
	await fs.writeFile(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
	return path;
}

describe.runIf(process.platform !== "win32")("grep's ripgrep engine", () => {
	it("ships with the package: @vscode/ripgrep's binary is there and runs", async () => {
		const rgPath = await bundledRipgrep();
		expect(rgPath).toBeDefined();
		await expect(fs.access(rgPath!)).resolves.toBeUndefined();
	});

	it("is the default for the tool's own local disk, and not for operations handed in", async () => {
		const workspace = await diskWorkspace({ "a.txt": "needle\n" });
		const own = await run(createGrepTool(workspace.root), { pattern: "needle" });
		expect(own.details.engine).toBe("ripgrep");
		const handedIn = createGrepTool(workspace.root, { operations: createLocalFileOperations() });
		const other = await run(handedIn, { pattern: "needle" });
		expect(other.details.engine).toBe("javascript");
		expect(textOf(other)).toBe(textOf(own));
		const never = await run(createGrepTool(workspace.root, { engine: "javascript" }), { pattern: "needle" });
		expect(never.details.engine).toBe("javascript");
	});

	it("falls back to the JavaScript engine when the binary is missing or refuses the search", async () => {
		const workspace = await diskWorkspace({ "a.txt": "a needle\n", "b.txt": "none\n" });
		const missing = await bothEngines(workspace, { pattern: "needle" }, "/nonexistent/rg");
		expect(missing).toMatchObject({ text: "a.txt:1:a needle", engine: "javascript" });
		const refusing = await fakeRipgrep('echo "rg: regex parse error" >&2; exit 2');
		const refused = await bothEngines(workspace, { pattern: "needle" }, refusing);
		expect(refused).toMatchObject({ text: "a.txt:1:a needle", engine: "javascript" });
	});

	it("leaves look-around, backreferences and \\p{…} to the JavaScript engine", async () => {
		const workspace = await diskWorkspace({ "a.txt": "needle = 1\nneedle = 2\naa bb\nÉcole\n" });
		expect(await bothEngines(workspace, { pattern: "needle(?= = 2)" })).toMatchObject({
			text: "a.txt:2:needle = 2",
			engine: "javascript",
		});
		expect(await bothEngines(workspace, { pattern: "(?<=needle = )1" })).toMatchObject({
			engine: "javascript",
		});
		expect(await bothEngines(workspace, { pattern: "(b)\\1" })).toMatchObject({
			text: "a.txt:3:aa bb",
			engine: "javascript",
		});
		expect(await bothEngines(workspace, { pattern: "^\\p{Lu}" })).toMatchObject({ engine: "javascript" });
	});

	it("gives translated patterns JavaScript's meaning (ASCII \\w and \\b, . without \\r)", async () => {
		const workspace = await diskWorkspace({
			"a.txt": "ünïcödé\nascii_word\nx\ry\nnaïve\n[brackets]\nTAB\there\n",
		});
		const cases: [Record<string, unknown>, string][] = [
			// As in JavaScript's multiline mode, `$` matches before a lone `\r` too.
			[{ pattern: "^\\w+$" }, "a.txt:2:ascii_word\na.txt:3:x\ry"],
			[{ pattern: "x.y" }, 'No matches for "x.y" in the workspace.'],
			[{ pattern: "\\bve\\b" }, "a.txt:4:naïve"],
			[{ pattern: "[[]b" }, "a.txt:5:[brackets]"],
			[{ pattern: "TAB\\sh" }, "a.txt:6:TAB\there"],
			[{ pattern: "(?i)ASCII_\\x57\\u004F" }, "a.txt:2:ascii_word"],
		];
		for (const [args, text] of cases) {
			expect(await bothEngines(workspace, args)).toMatchObject({ text, engine: "ripgrep" });
		}
	});

	it("searches on past a NUL byte beyond the sniffed head, and skips a binary file that matches", async () => {
		const late = `needle one\n${"filler line\n".repeat(1000)}\0\nneedle two\n`;
		const workspace = await diskWorkspace({
			"late.txt": late,
			"image.bin": new Uint8Array([0x89, 0, 0, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]),
		});
		const found = await bothEngines(workspace, { pattern: "needle" });
		expect(found.text).toBe("late.txt:1:needle one\nlate.txt:1003:needle two");
		expect(found.details.binaryFilesSkipped).toBe(1);
		expect(found.engine).toBe("ripgrep");
	});

	it("applies the .gitignore files above a searched subfolder", async () => {
		const workspace = await diskWorkspace({
			".gitignore": "/sub/gen/\n*.log\n!keep.log\n/other/\n",
			"sub/.gitignore": "local.txt\n",
			"sub/gen/x.txt": "needle\n",
			"sub/a.log": "needle\n",
			"sub/keep.log": "needle\n",
			"sub/local.txt": "needle\n",
			"sub/a.txt": "needle\n",
			"sub/deep/gen/y.txt": "needle\n",
		});
		const found = await bothEngines(workspace, { pattern: "needle", path: "sub" });
		expect(found.text).toBe("sub/a.txt:1:needle\nsub/deep/gen/y.txt:1:needle\nsub/keep.log:1:needle");
		expect(found.engine).toBe("ripgrep");
		// A wildcard above the subfolder cannot be handed to ripgrep.
		await workspace.put(".gitignore", "/s*b/gen/\n");
		expect(await bothEngines(workspace, { pattern: "needle", path: "sub" })).toMatchObject({
			engine: "javascript",
		});
	});

	it("clips long lines of any script around the match, and reads CRLF and a BOM as the JavaScript engine does", async () => {
		const workspace = await diskWorkspace({
			"wide.txt": `${"é".repeat(3000)}findme${"ü".repeat(3000)}\n`,
			"bom.txt": "\uFEFFneedle first\r\nthen\r\n",
			"bytes.txt": new Uint8Array([0xff, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]),
		});
		const wide = await bothEngines(workspace, { pattern: "findme" });
		expect(wide.text.split("\n")[0]).toMatch(/^wide\.txt:1:…é+findmeü+…$/);
		expect(wide.engine).toBe("ripgrep");
		const bom = await bothEngines(workspace, { pattern: "needle( first)?$|^then$", context: 1 });
		expect(bom.text).toBe("bom.txt:1:needle first\nbom.txt:2:then\n--\nbytes.txt:1:\uFFFD needle");
	});

	it("takes the first matches in walk order when a pattern matches nearly everywhere", async () => {
		const line = `${"match ".repeat(30)}\n`;
		const files = Object.fromEntries(
			Array.from({ length: 60 }, (_, index) => [
				`d${index % 3}/f${String(index).padStart(2, "0")}.txt`,
				line.repeat(200),
			]),
		);
		const workspace = await diskWorkspace(files);
		const found = await bothEngines(workspace, { pattern: "match", limit: 3 });
		expect(found.details.matches.map((match) => `${match.path}:${match.line}`)).toEqual([
			"d0/f00.txt:1",
			"d0/f00.txt:2",
			"d0/f00.txt:3",
		]);
		expect(found).toMatchObject({ engine: "ripgrep", details: { limitReached: true } });
	});

	it("kills ripgrep on abort", async () => {
		const workspace = await diskWorkspace({ "a.txt": "needle\n" });
		const pidFile = nodePath.join(await temporaryFolder(), "pid");
		const slow = await fakeRipgrep(`echo $$ > ${pidFile}; exec sleep 60`);
		const tool = createGrepTool(workspace.root, { engine: "ripgrep", ripgrepPath: slow });
		const controller = new AbortController();
		const result = run(tool, { pattern: "needle" }, controller.signal).catch((error: unknown) => error);
		let pid: number | undefined;
		while (pid === undefined) {
			await new Promise((resolve) => setTimeout(resolve, 20));
			pid = Number(await fs.readFile(pidFile, "utf8").catch(() => "")) || undefined;
		}
		controller.abort();
		await result;
		const alive = () => {
			try {
				process.kill(pid!, 0);
				return true;
			} catch {
				return false;
			}
		};
		for (let waited = 0; alive() && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
		expect(alive()).toBe(false);
	});
});

import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { describe, expect, it } from "vitest";
import { diskWorkspace, run, temporaryFolder, textOf } from "../../test/helpers.js";
import { createGrepTool } from "./grep-tool.js";
import { ripgrepCandidates, ripgrepPath, toRipgrepPattern } from "./ripgrep.js";

describe("toRipgrepPattern", () => {
	it("gives JavaScript's meaning of classes, boundaries and escapes in ripgrep's syntax", () => {
		expect(toRipgrepPattern("foo\\d+\\w")).toBe("foo[0-9]+[0-9A-Za-z_]");
		expect(toRipgrepPattern("\\bx\\B")).toBe("(?-u:\\b)x(?-u:\\B)");
		expect(toRipgrepPattern("[a[&~]\\u00e9\\u{1F600}\\x41\\/")).toBe(
			"[a\\[\\&\\~]\\x{00e9}\\x{1F600}\\x{41}/",
		);
		expect(toRipgrepPattern("\\S")).toMatch(/^\[\^.*\\x\{FEFF\}\]$/);
		expect(toRipgrepPattern("(?:a|b)\\.c")).toBe("(?:a|b)\\.c");
	});

	it("gives up on what it does not translate, so that grep uses the JavaScript engine", () => {
		for (const pattern of [
			"a(?=b)",
			"(?<!a)b",
			"(a)\\1",
			"(?<n>a)",
			"\\p{L}",
			"\\cA",
			"[]a",
			"[^]",
			"[a--b]",
			"\\uD83D",
		]) {
			expect(toRipgrepPattern(pattern), pattern).toBeUndefined();
		}
	});
});

describe("grep's ripgrep prefilter", () => {
	/** Both engines' answers to the same call, which must be the same. */
	async function both(files: Record<string, string | Uint8Array>, args: Record<string, unknown>) {
		const workspace = await diskWorkspace(files);
		const rg = await run(createGrepTool(workspace.root, { operations: workspace.operations }), args);
		const js = await run(
			createGrepTool(workspace.root, { operations: workspace.operations, engine: "javascript" }),
			args,
		);
		const { engine: rgEngine, binaryFilesSkipped: rgBinary, ...rgDetails } = rg.details;
		const { engine: jsEngine, binaryFilesSkipped: jsBinary, ...jsDetails } = js.details;
		expect(jsEngine ?? "javascript").toBe("javascript");
		expect(textOf(rg)).toBe(textOf(js));
		expect(rgDetails).toEqual(jsDetails);
		// With matches, the ripgrep path counts only the binary files among its picks.
		if (js.details.matches.length === 0) expect(rgBinary).toBe(jsBinary);
		return { text: textOf(rg), engine: rgEngine };
	}

	it("honours only what the walk honours: nested .gitignore with negation, not .ignore; hidden files are searched", async () => {
		const files = {
			".gitignore": "*.log\n",
			".ignore": "kept.txt\n",
			".hidden/found.txt": "needle\n",
			"kept.txt": "needle\n",
			"a.log": "needle\n",
			"sub/.gitignore": "!keep.log\n",
			"sub/keep.log": "needle\n",
			"sub/drop.log": "needle\n",
			".git/info/exclude": "kept.txt\n",
			".git/HEAD": "needle\n",
		};
		const result = await both(files, { pattern: "needle" });
		expect(result).toEqual({
			engine: "ripgrep",
			text: ".hidden/found.txt:1:needle\nkept.txt:1:needle\nsub/keep.log:1:needle",
		});
		// Searching a subfolder still applies the .gitignore files above it.
		expect((await both(files, { pattern: "needle", path: "sub" })).text).toBe("sub/keep.log:1:needle");
	});

	it("finds what JavaScript's classes match where Rust's differ, and text after a late NUL byte", async () => {
		const late = new Uint8Array(9000 + 7);
		late.fill(0x61, 0, 9000);
		late[8500] = 0;
		late.set(new TextEncoder().encode("\nneedle"), 9000);
		const files = { "bom.txt": "a\uFEFFb\n", "word.txt": "é1x\n", "late.txt": late, "digit.txt": "٣\n" };
		expect(await both(files, { pattern: "a\\sb" })).toEqual({
			engine: "ripgrep",
			text: "bom.txt:1:a\uFEFFb",
		});
		expect((await both(files, { pattern: "\\b1x" })).text).toBe("word.txt:1:é1x");
		expect((await both(files, { pattern: "^\\D$" })).text).toBe("digit.txt:1:٣");
		expect((await both(files, { pattern: "needle" })).text).toBe("late.txt:2:needle");
	});

	it("does not follow a link out of the workspace", async () => {
		const outside = await temporaryFolder();
		await fs.writeFile(nodePath.join(outside, "secret.txt"), "needle\n");
		const workspace = await diskWorkspace({ "in.txt": "needle\n" });
		await fs.symlink(outside, nodePath.join(workspace.root, "link"));
		const result = await run(createGrepTool(workspace.root, { operations: workspace.operations }), {
			pattern: "needle",
		});
		expect(textOf(result)).toBe("in.txt:1:needle");
		expect(result.details.engine).toBe("ripgrep");
	});

	it("leaves to the JavaScript engine a pattern ripgrep reads differently or refuses", async () => {
		const files = { "a.txt": "foobar\nfoobaz\nx{y\n" };
		expect(await both(files, { pattern: "foo(?=baz)" })).toEqual({
			engine: "javascript",
			text: "a.txt:2:foobaz",
		});
		// Valid JavaScript (a literal brace), refused by ripgrep.
		expect(await both(files, { pattern: "x{y" })).toEqual({ engine: "javascript", text: "a.txt:3:x{y" });
		// Invalid in both: the same clear error.
		const invalid = await both(files, { pattern: "(" });
		expect(invalid.text).toContain("literal: true");
	});

	it("searches with ripgrep case-insensitively and literally", async () => {
		const files = { "a.txt": "A.B(c)\nab(c)\n", "b.txt": "NEEDLE\n" };
		expect(await both(files, { pattern: "a.b(c)", literal: true, ignoreCase: true })).toEqual({
			engine: "ripgrep",
			text: "a.txt:1:A.B(c)",
		});
		expect((await both(files, { pattern: "(?i)needle" })).text).toBe("b.txt:1:NEEDLE");
	});

	it("applies a glob as the JavaScript engine does, passing a file-name suffix to ripgrep", async () => {
		const files = { "a/b/c.tsx": "hit\n", ".d.tsx": "hit\n", "e.ts": "hit\n", "a/f.tsx.bak": "hit\n" };
		expect(await both(files, { pattern: "hit", glob: "*.tsx" })).toEqual({
			engine: "ripgrep",
			text: ".d.tsx:1:hit\na/b/c.tsx:1:hit",
		});
		expect((await both(files, { pattern: "hit", glob: "a/**/*.tsx" })).text).toBe("a/b/c.tsx:1:hit");
	});

	it("falls back to the JavaScript engine when rg cannot start", async () => {
		const folder = await temporaryFolder();
		await expect(
			ripgrepCandidates(nodePath.join(folder, "no-rg"), folder, "x", false, new AbortController().signal),
		).rejects.toThrow(/rg did not start/);
	});

	it.runIf(process.platform === "linux")("kills rg when the search is aborted", async () => {
		const binary = await ripgrepPath();
		expect(binary).toBeDefined();
		const folder = await temporaryFolder();
		// A FIFO never ends, so rg waits on it until it is killed.
		const { execFileSync } = await import("node:child_process");
		execFileSync("mkfifo", [nodePath.join(folder, "pipe")]);
		const controller = new AbortController();
		const search = ripgrepCandidates(binary!, nodePath.join(folder, "pipe"), "x", false, controller.signal);
		setTimeout(() => controller.abort(new Error("stop")), 50);
		await expect(search).rejects.toThrow("stop");
		// No rg is left waiting on the pipe (polled: the kill takes effect asynchronously).
		const pipe = nodePath.join(folder, "pipe");
		const waiting = async () => {
			let count = 0;
			for (const entry of await fs.readdir("/proc")) {
				if (!/^[0-9]+$/.test(entry)) continue;
				const command = await fs.readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
				if (command.includes(pipe)) count++;
			}
			return count;
		};
		for (let tries = 0; (await waiting()) > 0; tries++) {
			expect(tries).toBeLessThan(200);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	});
});

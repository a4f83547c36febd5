import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../src/index.js";
import { run, useTempDir } from "../helpers.js";

// tput with xterm's terminfo entry, when the machine has both (the test does not depend on it).
const hasTput = (() => {
	try {
		return execFileSync("tput", ["-T", "xterm", "sgr0"], { encoding: "utf8" }).includes("\x1b(B");
	} catch {
		return false;
	}
})();

describe("bash: output", () => {
	const tempDir = useTempDir();

	it("truncates 10 MB of output to its tail and saves all of it to a file", async () => {
		const spill = tempDir();
		const tool = createBashTool(tempDir(), { tempDir: spill });
		// 1 250 000 lines of 7 digits and a newline: exactly 10 000 000 bytes.
		const { text, result, details } = await run(tool, { command: "seq -w 1 1250000" });
		expect(result.isError).toBe(false);
		expect(details.output).toMatchObject({ truncated: true, totalBytes: 10_000_000, totalLines: 1_250_000 });
		expect(details.output.shownBytes).toBeLessThanOrEqual(50 * 1024);
		expect(details.output.shownLines).toBeLessThanOrEqual(2000);

		const [body, notice] = text.split("\n\n");
		const lines = body!.split("\n");
		expect(lines).toHaveLength(details.output.shownLines);
		expect(lines.every((line) => /^\d{7}$/.test(line))).toBe(true);
		expect(lines.at(-1)).toBe("1250000");
		expect(Number(lines[0])).toBe(1_250_000 - lines.length + 1);

		const path = details.output.fullOutputPath!;
		expect(notice).toBe(
			`[Output truncated: showing the last ${lines.length} of 1250000 lines ` +
				`(${(details.output.shownBytes / 1024).toFixed(1)} KB of 9.5 MB). Full output: ${path}]`,
		);
		expect(path.startsWith(spill)).toBe(true);
		expect(statSync(path).size).toBe(10_000_000);
		const expected = Array.from({ length: 1_250_000 }, (_, index) => String(index + 1).padStart(7, "0"));
		expect(readFileSync(path, "utf8")).toBe(`${expected.join("\n")}\n`);
	});

	it("keeps output within the limits whole and writes no file", async () => {
		const spill = tempDir();
		const { text, details } = await run(createBashTool(tempDir(), { tempDir: spill }), {
			command: "seq 1 100",
		});
		expect(text.split("\n")).toHaveLength(100);
		expect(details.output).toMatchObject({ truncated: false, totalLines: 100, shownLines: 100 });
		expect(details.output.fullOutputPath).toBeUndefined();
		expect(readdirSync(spill)).toEqual([]);
	});

	it("applies the line limit when it is reached before the byte limit", async () => {
		const spill = tempDir();
		const tool = createBashTool(tempDir(), { maxOutputLines: 10, tempDir: spill });
		const { text, details } = await run(tool, { command: "seq 1 100" });
		const [body, notice] = text.split("\n\n");
		expect(body).toBe(Array.from({ length: 10 }, (_, index) => String(91 + index)).join("\n"));
		expect(notice).toContain("showing the last 10 of 100 lines");
		expect(existsSync(details.output.fullOutputPath!)).toBe(true);
	});

	it("merges stderr with stdout in arrival order", async () => {
		// Each line waits until the tool has shown the one before (the test then creates a
		// file the command waits for), so the order of arrival is known on any machine.
		const root = tempDir();
		const tool = createBashTool(root, { updateIntervalMs: 1 });
		const waitFor = (file: string) => `while [ ! -e ${file} ]; do sleep 0.01; done`;
		const { text } = await run(
			tool,
			{ command: `echo one; ${waitFor("shown-1")}; echo two >&2; ${waitFor("shown-2")}; echo three` },
			undefined,
			(shown) => {
				if (shown === "one") writeFileSync(join(root, "shown-1"), "");
				if (shown === "one\ntwo") writeFileSync(join(root, "shown-2"), "");
			},
		);
		expect(text).toBe("one\ntwo\nthree");
	});

	it("removes terminal escape sequences and keeps what a carriage return leaves visible", async () => {
		const { text } = await run(createBashTool(tempDir()), {
			command: "printf '\\033[1;31mred\\033[0m\\r\\nprogress 10%%\\rprogress 100%%\\n'",
		});
		expect(text).toBe("red\nprogress 100%");
	});

	it("removes the charset designation, OSC title and cursor save/restore a command prints", async () => {
		const { text } = await run(createBashTool(tempDir()), {
			command:
				"printf '\\033[1mbold\\033(B\\033[m done\\n'; " +
				"printf '\\033]0;user@host: ~/my project\\007title\\n'; " +
				"printf '\\0337progress 10%%\\0338100%%\\n'",
		});
		expect(text).toBe("bold done\ntitle\nprogress 10%100%");
	});

	it.skipIf(!hasTput)("removes what tput bold and tput sgr0 print", async () => {
		const { text } = await run(createBashTool(tempDir()), {
			command: 'echo "$(TERM=xterm tput bold)bold$(TERM=xterm tput sgr0) done"',
		});
		expect(text).toBe("bold done");
	});
});

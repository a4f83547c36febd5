import type { AgentTool, ToolDisplay } from "@kestrel/agent-core";
import { fsToolPack } from "@kestrel/tools-fs";
import { shellToolPack } from "@kestrel/tools-shell";
import { describe, expect, it } from "vitest";
import {
	formatToolArgs,
	formatToolResult,
	previewMutation,
	TOOL_OUTPUT_LINES,
} from "../../src/interactive/format/tool-call.js";

const tools: AgentTool[] = [...fsToolPack(process.cwd()).tools(), ...shellToolPack(process.cwd()).tools()];
const display = (name: string): ToolDisplay | undefined => tools.find((tool) => tool.name === name)?.display;

describe("tool call display", () => {
	it("summarises a call as its tool declares: the command for bash, the path for file tools", () => {
		expect(formatToolArgs(display("bash"), { command: "npm test" })).toBe("$ npm test");
		expect(formatToolArgs(display("edit"), { path: "src/a.ts", edits: [] })).toBe("src/a.ts");
		expect(formatToolArgs(display("grep"), { pattern: "TODO" })).toBe("/TODO/ in .");
	});

	it("summarises a tool that declares nothing as its arguments in JSON, on one bounded line", () => {
		expect(formatToolArgs(undefined, { query: "x" })).toBe('{"query":"x"}');
		expect(formatToolArgs(undefined, { text: "y".repeat(500) })).toHaveLength(200);
	});

	it("falls back to the generic form when a declaration throws", () => {
		const broken: ToolDisplay = {
			summary: () => {
				throw new Error("bug");
			},
			result: () => {
				throw new Error("bug");
			},
		};
		expect(formatToolArgs(broken, { a: 1 })).toBe('{"a":1}');
		expect(formatToolResult(broken, { resultText: "ok", details: undefined, isError: false })).toEqual([
			{ text: "ok", tone: "dim" },
		]);
	});

	it("shows an edit's diff from its details, coloured, each line numbered from its hunk header", () => {
		const diff = [
			"--- a/a.ts",
			"+++ b/a.ts",
			"@@ -8,4 +8,4 @@",
			" keep 8",
			"-old 9",
			"+new 9",
			" keep 10",
			"",
			"@@ -120,2 +120,3 @@",
			" keep 120",
			"+added 121",
			" keep 122",
			"\\ No newline at end of file",
		].join("\n");
		const lines = formatToolResult(display("edit"), {
			resultText: "Edited a.ts",
			details: { diff },
			isError: false,
		});
		expect(lines).toEqual([
			{ text: "  8  keep 8", tone: "dim" },
			{ text: "  9 -old 9", tone: "removed" },
			{ text: "  9 +new 9", tone: "added" },
			{ text: " 10  keep 10", tone: "dim" },
			{ text: " 11  ", tone: "dim" },
			{ text: "  ⋮", tone: "dim" },
			{ text: "120  keep 120", tone: "dim" },
			{ text: "121 +added 121", tone: "added" },
			{ text: "122  keep 122", tone: "dim" },
			{ text: "    \\ No newline at end of file", tone: "dim" },
		]);
	});

	it("bounds a numbered diff, saying how many lines are left out", () => {
		const diff = ["@@ -1,0 +1,50 @@", ...Array.from({ length: 50 }, (_, index) => `+line ${index + 1}`)].join(
			"\n",
		);
		const lines = formatToolResult(display("write"), {
			resultText: "Wrote",
			details: { diff },
			isError: false,
		});
		expect(lines).toHaveLength(TOOL_OUTPUT_LINES.diff + 1);
		expect(lines[0]).toEqual({ text: " 1 +line 1", tone: "added" });
		expect(lines.at(-1)).toEqual({ text: `… ${50 - TOOL_OUTPUT_LINES.diff} more lines`, tone: "dim" });
	});

	it("bounds bash output to its last lines, after its facts", () => {
		const output = Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n");
		const lines = formatToolResult(display("bash"), {
			resultText: output,
			details: { status: "exited", exitCode: 0, durationMs: 1500 },
			isError: false,
		});
		expect(lines[0]).toEqual({ text: "exit 0 · 1.5 s", tone: "dim" });
		expect(lines[1]).toEqual({ text: `… ${100 - TOOL_OUTPUT_LINES.tail} earlier lines`, tone: "dim" });
		expect(lines.at(-1)?.text).toBe("line 99");
		expect(lines).toHaveLength(TOOL_OUTPUT_LINES.tail + 2);
	});

	it("shows the first lines of an unknown tool's result", () => {
		const output = Array.from({ length: 20 }, (_, index) => `row ${index}`).join("\n");
		const lines = formatToolResult(undefined, { resultText: output, details: undefined, isError: false });
		expect(lines[0]).toEqual({ text: "row 0", tone: "dim" });
		expect(lines.at(-1)).toEqual({ text: `… ${20 - TOOL_OUTPUT_LINES.head} more lines`, tone: "dim" });
	});

	it("shows errors in red", () => {
		expect(
			formatToolResult(display("read"), {
				resultText: "ENOENT: no such file",
				details: undefined,
				isError: true,
			}),
		).toEqual([{ text: "ENOENT: no such file", tone: "error" }]);
	});

	it("previews what a write or an edit would change, and nothing for a tool that cannot say", () => {
		expect(previewMutation(display("write"), { path: "a", content: "one\ntwo\n" })).toEqual([
			{ text: "+one", tone: "added" },
			{ text: "+two", tone: "added" },
		]);
		expect(previewMutation(display("edit"), { path: "a", edits: [{ oldText: "x", newText: "y" }] })).toEqual([
			{ text: "-x", tone: "removed" },
			{ text: "+y", tone: "added" },
		]);
		expect(previewMutation(undefined, { path: "a" })).toEqual([]);
	});
});

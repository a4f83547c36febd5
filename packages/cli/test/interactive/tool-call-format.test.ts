import { describe, expect, it } from "vitest";
import {
	formatToolArgs,
	formatToolResult,
	previewMutation,
	TOOL_OUTPUT_LINES,
} from "../../src/interactive/format/tool-call.js";

describe("tool call display", () => {
	it("summarises arguments: the command for bash, the path for file tools, JSON otherwise", () => {
		expect(formatToolArgs("bash", { command: "npm test" })).toBe("$ npm test");
		expect(formatToolArgs("edit", { path: "src/a.ts", edits: [] })).toBe("src/a.ts");
		expect(formatToolArgs("grep", { pattern: "TODO" })).toBe('{"pattern":"TODO"}');
	});

	it("shows an edit's diff from its details, coloured", () => {
		const lines = formatToolResult("edit", "Edited a.ts", { diff: "@@ -1 +1 @@\n-old\n+new" }, false);
		expect(lines).toEqual([
			{ text: "@@ -1 +1 @@", tone: "dim" },
			{ text: "-old", tone: "removed" },
			{ text: "+new", tone: "added" },
		]);
	});

	it("bounds bash output to its last lines", () => {
		const output = Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n");
		const lines = formatToolResult("bash", output, {}, false);
		expect(lines[0]).toEqual({ text: `… ${100 - TOOL_OUTPUT_LINES.bash} earlier lines`, tone: "dim" });
		expect(lines.at(-1)?.text).toBe("line 99");
		expect(lines).toHaveLength(TOOL_OUTPUT_LINES.bash + 1);
	});

	it("shows errors in red", () => {
		expect(formatToolResult("read", "ENOENT: no such file", undefined, true)).toEqual([
			{ text: "ENOENT: no such file", tone: "error" },
		]);
	});

	it("previews what a write or an edit would change", () => {
		expect(previewMutation("write", { path: "a", content: "one\ntwo\n" })).toEqual([
			{ text: "+one", tone: "added" },
			{ text: "+two", tone: "added" },
		]);
		expect(previewMutation("edit", { path: "a", edits: [{ oldText: "x", newText: "y" }] })).toEqual([
			{ text: "-x", tone: "removed" },
			{ text: "+y", tone: "added" },
		]);
	});
});

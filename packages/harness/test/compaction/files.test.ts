import { describe, expect, it } from "vitest";
import { collectFileOperations, withFileSections, withoutFileSections } from "../../src/compaction/files.js";
import { assistant, call, user } from "./support/transcript.js";

describe("collectFileOperations", () => {
	it("lists read files and modified files from tool calls, sorted", () => {
		const files = collectFileOperations([
			user("go"),
			assistant([call("1", "read", { path: "src/b.ts" }), call("2", "read", { path: "src/a.ts" })]),
			assistant([
				call("3", "write", { path: "out/z.ts", content: "x" }),
				call("4", "edit", { path: "src/c.ts" }),
			]),
			assistant([call("5", "bash", { command: "ls" }), call("6", "read", {})]),
		]);
		expect(files).toEqual({ read: ["src/a.ts", "src/b.ts"], modified: ["out/z.ts", "src/c.ts"] });
	});

	it("does not list a modified file as read", () => {
		const files = collectFileOperations([
			assistant([call("1", "read", { path: "a.ts" })]),
			assistant([call("2", "edit", { path: "a.ts" })]),
		]);
		expect(files).toEqual({ read: [], modified: ["a.ts"] });
	});

	it("accumulates with the previous compaction's lists", () => {
		const files = collectFileOperations(
			[assistant([call("1", "read", { path: "new.ts" }), call("2", "write", { path: "old.ts" })])],
			{
				read: ["old.ts", "kept.ts"],
				modified: ["done.ts"],
			},
		);
		expect(files).toEqual({ read: ["kept.ts", "new.ts"], modified: ["done.ts", "old.ts"] });
	});
});

describe("file sections", () => {
	it("appends the sections and removes them again", () => {
		const summary = "## Goal\nShip it.";
		const withFiles = withFileSections(summary, { read: ["a.ts"], modified: ["b.ts", "c.ts"] });
		expect(withFiles).toBe("## Goal\nShip it.\n\n## Files read\n- a.ts\n\n## Files modified\n- b.ts\n- c.ts");
		expect(withoutFileSections(withFiles)).toBe(summary);
		expect(withFileSections(summary, { read: [], modified: [] })).toBe(summary);
		expect(withoutFileSections(withFileSections(summary, { read: [], modified: ["x"] }))).toBe(summary);
	});
});

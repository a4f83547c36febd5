import { callEffect, ToolPackSet } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { MemoryFileOperations } from "../operations/memory-file-operations.js";
import { fsToolPack, toolPack } from "./fs-pack.js";

const ALL = ["read", "write", "edit", "ls", "find", "grep"];
const OTHER_TOOLS = /\b(write|edit|grep|find|ls|bash)\b/;

describe("the fs pack", () => {
	it("offers the six tools under the name fs, each declaring its effects and display", () => {
		const pack = fsToolPack("/work", { operations: new MemoryFileOperations() });
		expect(pack.name).toBe("fs");
		const tools = pack.tools();
		expect(tools.map((tool) => tool.name)).toEqual(ALL);
		expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.effects?.kind]))).toEqual({
			read: "read",
			write: "write",
			edit: "write",
			ls: "read",
			find: "read",
			grep: "read",
		});
		for (const tool of tools) expect(tool.display?.summary, tool.name).toBeTypeOf("function");
	});

	it("is built by its module from a context", () => {
		const pack = toolPack.create({
			cwd: "/work",
			settings: {},
			secretVariables: [],
			logDir: "/tmp",
			warn: () => {},
		});
		expect(pack.tools()).toHaveLength(6);
	});

	it("tells the model only about the active tools (--tools read)", () => {
		const set = new ToolPackSet([fsToolPack("/work", { operations: new MemoryFileOperations() })]);
		const read = set
			.tools()
			.filter(({ tool }) => tool.name === "read")
			.map(({ tool }) => tool);
		const text = set.guidelines(read).join("\n");
		expect(text).toContain("Use read to look at a file");
		expect(text).not.toMatch(OTHER_TOOLS);
	});

	it("names another tool in a rule only when that tool is active", () => {
		expect(fsGuidelinesFor(["read", "grep"]).join("\n")).toContain("with grep");
		expect(fsGuidelinesFor(["write"]).join("\n")).toContain("for new files only");
		expect(fsGuidelinesFor(["write", "read"]).join("\n")).toContain("read it first");
		expect(fsGuidelinesFor(["write", "read"]).join("\n")).not.toContain("for new files only");
		for (const name of ALL) {
			const others = new RegExp(`\\b(${ALL.filter((other) => other !== name).join("|")})\\b`);
			expect(fsGuidelinesFor([name]).join("\n"), name).not.toMatch(others);
			expect(fsGuidelinesFor([name]).length, name).toBeGreaterThan(0);
		}
	});
});

describe("effects of the file tools", () => {
	const tools = Object.fromEntries(
		fsToolPack("/work", { operations: new MemoryFileOperations() })
			.tools()
			.map((tool) => [tool.name, tool]),
	);

	it("write changes the file it names to its content", () => {
		const effect = callEffect(tools.write?.effects, { path: "a.txt", content: "new" });
		expect(effect.kind === "write" && effect.change.path).toBe("a.txt");
		expect(effect.kind === "write" && effect.change.after("old")).toBe("new");
	});

	it("edit changes the file by its edits, and nothing when they do not apply", () => {
		const args = { path: "a.txt", edits: [{ oldText: "one", newText: "two" }] };
		const effect = callEffect(tools.edit?.effects, args);
		if (effect.kind !== "write") throw new Error(`expected a write, got ${effect.kind}`);
		expect(effect.change.after("one three")).toBe("two three");
		expect(effect.change.after("nothing here")).toBeUndefined();
		expect(effect.change.after(undefined)).toBeUndefined();
	});

	it("a write without a path counts as execute", () => {
		expect(callEffect(tools.write?.effects, { content: "x" })).toEqual({ kind: "execute" });
	});

	it("shows calls by their paths and previews changes as diffs", () => {
		expect(tools.read?.display?.summary?.({ path: "src/a.ts", offset: 40 })).toBe("src/a.ts (from line 40)");
		expect(tools.edit?.display?.preview?.({ path: "a", edits: [{ oldText: "x", newText: "y" }] })).toEqual({
			kind: "diff",
			diff: "-x\n+y",
		});
		expect(tools.write?.display?.preview?.({ path: "a", content: "1\n2" })).toEqual({
			kind: "diff",
			diff: "+1\n+2",
		});
		expect(tools.edit?.display?.result?.({ content: [], details: { diff: "-a\n+b" } })).toEqual({
			kind: "diff",
			diff: "-a\n+b",
		});
	});
});

import { describe, expect, it } from "vitest";
import { buildSystemPrompt, type SystemPromptInput } from "../../src/system-prompt/index.js";

const input: SystemPromptInput = {
	tools: [
		{ name: "read", description: "Read a file's text.\nLong details the prompt leaves out." },
		{ name: "bash", description: "\n  Run a shell command.  \nMore." },
	],
	guidelines: ["Use read before edit.\nKeep edits small.", "Use read before edit."],
	contextFiles: [
		{ path: "/repo/AGENTS.md", content: "Root rules.\n" },
		{ path: "/repo/pkg/CLAUDE.md", content: "Package rules." },
	],
	appendPrompts: ["Appended from file.", "Appended by the caller."],
	cwd: "/repo/pkg",
	date: "2025-06-01",
};

describe("buildSystemPrompt", () => {
	it("lists each tool with the first line of its description", () => {
		const prompt = buildSystemPrompt(input);
		expect(prompt).toContain("Available tools:\n- read: Read a file's text.\n- bash: Run a shell command.\n");
		expect(prompt).not.toContain("Long details");
	});

	it("lists each guideline line once, as a bullet", () => {
		const prompt = buildSystemPrompt(input);
		expect(prompt).toContain("\n- Use read before edit.\n- Keep edits small.");
		expect(prompt.split("- Use read before edit.").length).toBe(2);
	});

	it("says so when there are no tools", () => {
		const prompt = buildSystemPrompt({ ...input, tools: [] });
		expect(prompt).toContain("No tools are available");
		expect(prompt).not.toContain("Available tools:");
	});

	it("puts the append prompts, then the context files under their paths, then date and cwd last", () => {
		const prompt = buildSystemPrompt(input);
		const order = [
			"You are Kestrel",
			"Appended from file.",
			"Appended by the caller.",
			"## /repo/AGENTS.md\n\nRoot rules.",
			"## /repo/pkg/CLAUDE.md\n\nPackage rules.",
		].map((text) => prompt.indexOf(text));
		expect(order.every((position) => position >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		expect(prompt.endsWith("\n\nCurrent date: 2025-06-01\nCurrent working directory: /repo/pkg")).toBe(true);
	});

	it("replaces the base prompt, tools and guidelines with a custom prompt, keeping the rest", () => {
		const prompt = buildSystemPrompt({ ...input, customPrompt: "You are a pirate.\n" });
		expect(prompt.startsWith("You are a pirate.\n\nAppended from file.")).toBe(true);
		expect(prompt).not.toContain("You are Kestrel");
		expect(prompt).not.toContain("Available tools:");
		expect(prompt).not.toContain("Keep edits small.");
		expect(prompt).toContain("## /repo/AGENTS.md");
		expect(prompt.endsWith("Current working directory: /repo/pkg")).toBe(true);
	});

	it("leaves out blank append prompts and context files, and the context heading when none is left", () => {
		const prompt = buildSystemPrompt({
			...input,
			appendPrompts: ["  \n"],
			contextFiles: [{ path: "/repo/AGENTS.md", content: "\n\n" }],
		});
		expect(prompt).not.toContain("/repo/AGENTS.md");
		expect(prompt).not.toContain("# Project context");
		expect(prompt).not.toMatch(/\n{3,}/);
	});

	it("gives byte-identical output for the same input, so prompt caches hit", () => {
		const first = buildSystemPrompt(input);
		const second = buildSystemPrompt(structuredClone(input));
		expect(second).toBe(first);
	});

	it("keeps the prefix when only the date changes", () => {
		const today = buildSystemPrompt(input);
		const tomorrow = buildSystemPrompt({ ...input, date: "2025-06-02" });
		const prefix = today.slice(0, today.indexOf("Current date:"));
		expect(tomorrow.startsWith(prefix)).toBe(true);
		expect(tomorrow).not.toBe(today);
	});
});

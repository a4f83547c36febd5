import { describe, expect, it } from "vitest";
import { completeCommand, parseEditorInput } from "../../src/interactive/input/slash-command.js";

describe("parseEditorInput", () => {
	it("reads known commands with their arguments", () => {
		expect(parseEditorInput("/model wire/claude-wire:high")).toEqual({
			kind: "command",
			name: "model",
			args: "wire/claude-wire:high",
		});
		expect(parseEditorInput("/compact keep the test names ")).toEqual({
			kind: "command",
			name: "compact",
			args: "keep the test names",
		});
		expect(parseEditorInput("/quit")).toEqual({ kind: "command", name: "quit", args: "" });
	});

	it("reports unknown commands, but sends paths and other slashes to the model", () => {
		expect(parseEditorInput("/frobnicate")).toEqual({ kind: "unknown_command", name: "frobnicate" });
		expect(parseEditorInput("/etc/hosts has a typo")).toEqual({
			kind: "prompt",
			text: "/etc/hosts has a typo",
		});
		expect(parseEditorInput("what is a/b?")).toEqual({ kind: "prompt", text: "what is a/b?" });
	});

	it("reads !command as a shell command", () => {
		expect(parseEditorInput("!git status")).toEqual({ kind: "shell", command: "git status" });
		expect(parseEditorInput("!")).toEqual({ kind: "prompt", text: "!" });
	});

	it("reads the pack commands it is given, built-in names first", () => {
		const packs = new Set(["mcp", "mcp__docs__review", "model"]);
		expect(parseEditorInput("/mcp", packs)).toEqual({ kind: "pack_command", name: "mcp", args: "" });
		expect(parseEditorInput("/mcp__docs__review src/a.ts  deep ", packs)).toEqual({
			kind: "pack_command",
			name: "mcp__docs__review",
			args: "src/a.ts  deep",
		});
		expect(parseEditorInput("/model wire/x", packs)).toMatchObject({ kind: "command", name: "model" });
		// Without the pack (its server down), the same line is an unknown command, never a prompt.
		expect(parseEditorInput("/mcp")).toEqual({ kind: "unknown_command", name: "mcp" });
		expect(parseEditorInput("/mcp__docs__review x")).toEqual({
			kind: "unknown_command",
			name: "mcp__docs__review",
		});
	});
});

describe("completeCommand", () => {
	const names = ["model", "mcp", "mcp__docs__review", "new", "help"];

	it("completes a name that only one command fits, with a space", () => {
		expect(completeCommand("/mo", names)).toEqual({ text: "/model ", matches: ["model"] });
		expect(completeCommand("/mcp__", names)).toEqual({
			text: "/mcp__docs__review ",
			matches: ["mcp__docs__review"],
		});
	});

	it("extends to the shared prefix and lists the names when several fit", () => {
		expect(completeCommand("/m", names)).toEqual({
			text: "/m",
			matches: ["mcp", "mcp__docs__review", "model"],
		});
		expect(completeCommand("/mc", names)).toEqual({ text: "/mcp", matches: ["mcp", "mcp__docs__review"] });
	});

	it("does nothing outside a command name or when nothing fits", () => {
		expect(completeCommand("/model wire", names)).toBeUndefined();
		expect(completeCommand("hello /m", names)).toBeUndefined();
		expect(completeCommand("/zz", names)).toBeUndefined();
	});
});

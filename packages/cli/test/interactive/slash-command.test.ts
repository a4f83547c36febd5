import { describe, expect, it } from "vitest";
import { parseEditorInput } from "../../src/interactive/input/slash-command.js";

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
});

import { createShellCommandMessage, type SessionTreeNode, type TreeEntry } from "@kestrel/harness";
import { describe, expect, it } from "vitest";
import { messageText } from "../../src/format/message-text.js";
import { sessionTreeOptions } from "../../src/interactive/format/session-tree.js";
import { assistant, toolResult, user } from "../export/session-builders.js";

function messageNode(
	id: string,
	parentId: string | null,
	message: Extract<TreeEntry, { type: "message" }>["message"],
	children: SessionTreeNode[] = [],
	label?: string,
): SessionTreeNode {
	const entry: TreeEntry = { type: "message", id, parentId, timestamp: "", message };
	return { entry, children, ...(label === undefined ? {} : { label }) };
}

describe("sessionTreeOptions", () => {
	it("labels entries by who said what, draws tree lines only at forks, and hints labels and the current leaf", () => {
		const tree = [
			messageNode("u1", null, user("a question\n to ask   again"), [
				messageNode("a1", "u1", assistant([{ type: "text", text: "Answer one about tides." }]), [
					messageNode("u2", "a1", user("first follow-up"), [], "kept"),
					messageNode(
						"a2",
						"a1",
						assistant([{ type: "toolCall", id: "toolu_1", name: "read", arguments: {} }]),
						[messageNode("t1", "a2", toolResult("read", "file text"))],
					),
				]),
			]),
		];
		expect(sessionTreeOptions(tree, "t1")).toEqual([
			{ label: "user: a question to ask again", hint: "", value: "u1" },
			{ label: "assistant: Answer one about tides.", hint: "", value: "a1" },
			{ label: "├─ user: first follow-up", hint: "[kept]", value: "u2" },
			{ label: "└─ assistant: → read", hint: "", value: "a2" },
			{ label: "   ✓ read", hint: "← current", value: "t1" },
		]);
	});

	it("draws branches inside branches with guide lines beside the branches that go on", () => {
		const say = (id: string, parentId: string | null, children: SessionTreeNode[] = []) =>
			messageNode(id, parentId, user(id), children);
		const tree = [
			say("root", null, [
				say("b1", "root", [say("c1", "b1", [say("d1", "c1"), say("d2", "c1", [say("e2", "d2")])])]),
				say("b2", "root"),
			]),
		];
		expect(sessionTreeOptions(tree, null).map((option) => option.label)).toEqual([
			"user: root",
			"├─ user: b1",
			"│  user: c1",
			"│  ├─ user: d1",
			"│  └─ user: d2",
			"│     user: e2",
			"└─ user: b2",
		]);
	});

	it("draws several roots (the first message asked again) as branches", () => {
		const tree = [
			messageNode("u1", null, user("first try"), [
				messageNode("a1", "u1", assistant([{ type: "text", text: "one" }])),
			]),
			messageNode("u2", null, user("second try")),
		];
		expect(sessionTreeOptions(tree, "u2").map((option) => option.label)).toEqual([
			"├─ user: first try",
			"│  assistant: one",
			"└─ user: second try",
		]);
	});

	it("shortens long text to one line with an ellipsis", () => {
		const [option] = sessionTreeOptions([messageNode("u1", null, user("word ".repeat(40)))], "u1");
		expect(option?.label.endsWith("…")).toBe(true);
		expect(option?.label.length).toBe("user: ".length + 72);
		expect(option?.hint).toBe("← current");
	});

	it("has no rows for an empty session", () => {
		expect(sessionTreeOptions([], null)).toEqual([]);
	});
});

describe("messageText", () => {
	it("returns a string as it is", () => {
		expect(messageText("plain\ntext")).toBe("plain\ntext");
	});

	it("joins text blocks with the separator and leaves out other blocks", () => {
		const content = [
			{ type: "text", text: "one" },
			{ type: "image", data: "…", mimeType: "image/png" },
			{ type: "text", text: "two" },
		];
		expect(messageText(content)).toBe("one\ntwo");
		expect(messageText(content, " ")).toBe("one two");
		expect(messageText([])).toBe("");
	});
});

describe("sessionTreeOptions for the user's !commands", () => {
	it("shows the command, and its exit status when it failed", () => {
		const tree = [
			messageNode("s1", null, createShellCommandMessage({ command: "npm test", output: "ok", exitCode: 0 }), [
				messageNode("s2", "s1", createShellCommandMessage({ command: "false", output: "", exitCode: 1 })),
			]),
		];
		expect(sessionTreeOptions(tree, "s2").map((option) => option.label)).toEqual([
			"$ npm test",
			"$ false (exit 1)",
		]);
	});
});

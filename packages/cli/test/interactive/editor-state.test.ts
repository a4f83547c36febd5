import { describe, expect, it } from "vitest";
import {
	editorKey,
	editorPaste,
	emptyEditor,
	QUIT_WINDOW_MS,
	withText,
} from "../../src/interactive/input/editor-state.js";
import { keyPress } from "../../src/interactive/input/key-press.js";

const type = (text: string, working = false) => {
	let state = emptyEditor();
	for (const character of text) state = editorKey(state, character, keyPress(), working, 0).state;
	return state;
};

describe("editor keys", () => {
	it("inserts typed text at the cursor; Delete removes the character at the cursor, Backspace the one before", () => {
		let state = type("tide");
		state = editorKey(state, "", keyPress({ leftArrow: true }), false, 0).state;
		state = editorKey(state, "s", keyPress(), false, 0).state;
		expect(state.text).toBe("tidse");
		state = editorKey(state, "", keyPress({ delete: true }), false, 0).state;
		state = editorKey(state, "", keyPress({ backspace: true }), false, 0).state;
		expect(state).toMatchObject({ text: "tid", cursor: 3 });
	});

	it("Enter submits the trimmed text and clears the editor; an empty editor sends nothing", () => {
		const { state, action } = editorKey(type("  hello "), "", keyPress({ return: true }), false, 0);
		expect(action).toEqual({ type: "submit", text: "hello" });
		expect(state.text).toBe("");
		expect(editorKey(emptyEditor(), "", keyPress({ return: true }), false, 0).action).toBeUndefined();
	});

	it("Alt+Enter inserts a newline when idle and queues a follow-up while working", () => {
		const idle = editorKey(type("a"), "", keyPress({ return: true, meta: true }), false, 0);
		expect(idle.action).toBeUndefined();
		expect(idle.state.text).toBe("a\n");
		const working = editorKey(type("later", true), "", keyPress({ return: true, meta: true }), true, 0);
		expect(working.action).toEqual({ type: "follow_up", text: "later" });
	});

	it("Esc asks to abort; Ctrl+T toggles thinking", () => {
		expect(editorKey(type("x"), "", keyPress({ escape: true, meta: true }), true, 0).action).toEqual({
			type: "abort",
		});
		expect(editorKey(type("x"), "t", keyPress({ ctrl: true }), true, 0).action).toEqual({
			type: "toggle_thinking",
		});
	});

	it("Ctrl+C clears the editor; a second one within the window quits, a late one clears again", () => {
		const first = editorKey(type("draft"), "c", keyPress({ ctrl: true }), false, 1000);
		expect(first.action).toEqual({ type: "interrupt" });
		expect(first.state.text).toBe("");
		const second = editorKey(first.state, "c", keyPress({ ctrl: true }), false, 1000 + QUIT_WINDOW_MS);
		expect(second.action).toEqual({ type: "quit" });
		const late = editorKey(first.state, "c", keyPress({ ctrl: true }), false, 1001 + QUIT_WINDOW_MS);
		expect(late.action).toEqual({ type: "interrupt" });
		// Any other key in between starts the count again.
		const typed = editorKey(first.state, "a", keyPress(), false, 1100).state;
		expect(editorKey(typed, "c", keyPress({ ctrl: true }), false, 1200).action).toEqual({
			type: "interrupt",
		});
	});

	it("Up and Down browse sent prompts and keep the draft", () => {
		let state = emptyEditor(["first", "second"]);
		state = withText(state, "draft");
		state = editorKey(state, "", keyPress({ upArrow: true }), false, 0).state;
		expect(state.text).toBe("second");
		state = editorKey(state, "", keyPress({ upArrow: true }), false, 0).state;
		state = editorKey(state, "", keyPress({ upArrow: true }), false, 0).state;
		expect(state.text).toBe("first");
		state = editorKey(state, "", keyPress({ downArrow: true }), false, 0).state;
		state = editorKey(state, "", keyPress({ downArrow: true }), false, 0).state;
		expect(state.text).toBe("draft");
	});

	it("pasted text keeps its line breaks as newlines", () => {
		expect(editorKey(emptyEditor(), "a\r\nb\rc", keyPress(), false, 0).state.text).toBe("a\nb\nc");
		expect(editorKey(emptyEditor(), "a\rb\r", keyPress(), false, 0).state.text).toBe("a\nb\n");
	});

	it("one line and its Enter arriving in one read are text and a submit", () => {
		const { state, action } = editorKey(type("say "), "hello\r", keyPress(), false, 0);
		expect(action).toEqual({ type: "submit", text: "say hello" });
		expect(state.text).toBe("");
	});
});

describe("bracketed paste (Ink's usePaste hands over the whole paste)", () => {
	it("inserts a pasted line that ends in a line break at the cursor, without sending it", () => {
		let state = type("see: ");
		state = editorKey(state, "", keyPress({ leftArrow: true }), false, 0).state;
		state = editorPaste(state, "hello\r");
		expect(state).toMatchObject({ text: "see:hello\n ", cursor: 10 });
	});

	it("keeps every line break and tab of a paste, then Enter sends it all", () => {
		const pasted = editorPaste(emptyEditor(), "def f():\r\treturn 1\rx\r\ny");
		expect(pasted.text).toBe("def f():\n\treturn 1\nx\ny");
		const { state, action } = editorKey(pasted, "", keyPress({ return: true }), false, 0);
		expect(action).toEqual({ type: "submit", text: "def f():\n\treturn 1\nx\ny" });
		expect(state.text).toBe("");
	});

	it("drops escape sequences and control characters in pasted text instead of acting on them", () => {
		const state = editorPaste(type("a"), "\u001b[Ab\u0014c\u001b\u0003\u001bOPd\u007f");
		expect(state).toMatchObject({ text: "abcd", cursor: 4 });
	});

	it("a paste between two Ctrl+C presses starts the quit count again", () => {
		const first = editorKey(type("draft"), "c", keyPress({ ctrl: true }), false, 1000);
		const pasted = editorPaste(first.state, "x");
		expect(editorKey(pasted, "c", keyPress({ ctrl: true }), false, 1100).action).toEqual({
			type: "interrupt",
		});
	});
});

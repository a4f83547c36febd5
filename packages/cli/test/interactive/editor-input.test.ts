import { describe, expect, it } from "vitest";
import { editorInput, editorKey, emptyEditor, withText } from "../../src/interactive/input/editor-state.js";
import { isMixedChunk, splitChunk } from "../../src/interactive/input/key-chunk.js";
import { keyPress } from "../../src/interactive/input/key-press.js";

const DEL = "\u007f";
const ESC = "\u001b";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const run = (chunk: string, text = "", working = false) =>
	editorInput(withText(emptyEditor(), text), chunk, working, 0);

describe("editor input chunks", () => {
	it("applies several Backspaces (DEL or BS) of one chunk, after text of the same chunk", () => {
		expect(run(`${DEL}${DEL}${DEL}`, "tides at sixxxx").state).toMatchObject({
			text: "tides at six",
			cursor: 12,
		});
		expect(run(`six${DEL}${DEL}x\b`, "tides at ").state.text).toBe("tides at s");
		expect(run(DEL.repeat(20), "short").state).toMatchObject({ text: "", cursor: 0 });
	});

	it("moves with arrow and editing sequences in the middle of text (CSI, SS3, with modifiers)", () => {
		expect(run(`ab${ESC}[D${ESC}[DX`).state).toMatchObject({ text: "Xab", cursor: 1 });
		expect(run(`ab${ESC}OD!`).state.text).toBe("a!b");
		expect(run(`${ESC}[H>${ESC}[F<`, "mid").state.text).toBe(">mid<");
		expect(run(`${ESC}[1;5D${ESC}[3~`, "ab").state).toMatchObject({ text: "a", cursor: 1 });
	});

	it("acts on Ctrl keys mixed with text instead of inserting them", () => {
		expect(run("draft\u0015fresh").state.text).toBe("fresh");
		expect(run("\u0001>", "line").state.text).toBe(">line");
		expect(run("one two\u0017three").state.text).toBe("one three");
		expect(run(`${ESC}${DEL}`, "keep drop").state.text).toBe("keep ");
	});

	it("never inserts C0 or DEL characters, whatever the chunk", () => {
		const chunks = [
			"a\u0000b",
			"x\u001cy\u001f",
			`${ESC}[999zq`,
			`${ESC}`,
			"\u0002\u0006\u000e",
			`p${ESC}[200~q${DEL}\u0007r${ESC}[201~s`,
		];
		for (const chunk of chunks) expect(run(chunk).state.text).not.toMatch(CONTROL);
		expect(run("a\u0000b").state.text).toBe("ab");
	});

	it("reads bracketed paste markers: the paste keeps its line breaks and never sends", () => {
		const result = run(`say ${ESC}[200~one\rtwo\r${ESC}[201~!`);
		expect(result.state.text).toBe("say one\ntwo\n!");
		expect(result.actions).toEqual([]);
	});

	it("reports the keys' actions in order: text and Enter in one read send it", () => {
		expect(run("hello\r").actions).toEqual([{ type: "submit", text: "hello" }]);
		const both = run(`first${ESC}[Dx\r`);
		expect(both.actions).toEqual([{ type: "submit", text: "firsxt" }]);
		expect(both.state.text).toBe("");
		expect(run(`busy${ESC}\r`, "", true).actions).toEqual([{ type: "follow_up", text: "busy" }]);
		expect(run(ESC, "", true).actions).toEqual([{ type: "abort" }]);
	});

	it("editorKey drops control characters from typed text too", () => {
		expect(editorKey(emptyEditor(), "ab\u0015cd", keyPress(), false, 0).state.text).toBe("abcd");
	});
});

describe("splitChunk", () => {
	it("splits keys from text and keeps printable runs whole", () => {
		expect(splitChunk(`ab${DEL}\tc\u0003`)).toEqual([
			{ kind: "key", input: "ab", key: keyPress() },
			{ kind: "key", input: "", key: keyPress({ backspace: true }) },
			{ kind: "key", input: "\tc", key: keyPress() },
			{ kind: "key", input: "c", key: keyPress({ ctrl: true }) },
		]);
		expect(splitChunk("\t")).toEqual([{ kind: "key", input: "\t", key: keyPress({ tab: true }) }]);
		expect(splitChunk(`${ESC}[200~unfinished`)).toEqual([{ kind: "paste", text: "unfinished" }]);
	});

	it("tells which inputs Ink left unsplit", () => {
		expect(isMixedChunk("ab\u0015cd", keyPress())).toBe(true);
		expect(isMixedChunk("line one\rline two", keyPress())).toBe(false);
		expect(isMixedChunk("\u0015", keyPress())).toBe(false);
	});
});

import { type KeyPress, keyPress } from "./key-press.js";

/** One thing a chunk of terminal input holds: a key (with its text) or a bracketed paste. */
export type ChunkEvent = { kind: "key"; input: string; key: KeyPress } | { kind: "paste"; text: string };

const ESC = "\u001b";
const PASTE_START = `${ESC}[200~`;
const PASTE_END = `${ESC}[201~`;

/** Final bytes of CSI and SS3 key sequences (`ESC [ A`, `ESC O A`, `ESC [ 1 ; 5 D`). */
const FINAL_KEYS: Record<string, Partial<KeyPress>> = {
	A: { upArrow: true },
	B: { downArrow: true },
	C: { rightArrow: true },
	D: { leftArrow: true },
	H: { home: true },
	F: { end: true },
};

/** `ESC [ n ~` keys. */
const TILDE_KEYS: Record<string, Partial<KeyPress>> = {
	"1": { home: true },
	"7": { home: true },
	"3": { delete: true },
	"4": { end: true },
	"8": { end: true },
};

/**
 * Splits one chunk of raw terminal input into keys and pastes, in order. Several key
 * presses can arrive in one read (fast typing, key repeat, SSH, `tmux send-keys`):
 * Backspaces (DEL and BS), Ctrl+letters, arrow and editing escape sequences become keys
 * of their own; bracketed paste markers enclose a paste; a run of printable text (with
 * its `\r`, `\n` and tabs) stays one text input, as a terminal without bracketed paste
 * sends a paste. Other control characters and unknown sequences are dropped: nothing
 * here yields a C0 or DEL character as text. Pure.
 */
export function splitChunk(chunk: string): ChunkEvent[] {
	const events: ChunkEvent[] = [];
	let index = 0;
	let text = "";
	const flushText = () => {
		if (text === "") return;
		events.push(textEvent(text));
		text = "";
	};
	while (index < chunk.length) {
		const char = chunk[index] as string;
		const code = char.charCodeAt(0);
		if (char === ESC) {
			flushText();
			if (chunk.startsWith(PASTE_START, index)) {
				const end = chunk.indexOf(PASTE_END, index + PASTE_START.length);
				const stop = end === -1 ? chunk.length : end;
				events.push({ kind: "paste", text: chunk.slice(index + PASTE_START.length, stop) });
				index = end === -1 ? chunk.length : end + PASTE_END.length;
				continue;
			}
			const { event, length } = escapeSequence(chunk, index);
			if (event) events.push(event);
			index += length;
			continue;
		}
		if (isTextCharacter(code)) {
			text += char;
			index += 1;
			continue;
		}
		flushText();
		const key = controlKey(code);
		if (key) events.push(key);
		index += 1;
	}
	flushText();
	return events;
}

/** Printable characters, and the line breaks and tabs that pasted text keeps. */
function isTextCharacter(code: number): boolean {
	return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0x7f);
}

/** A text run; alone, `\r` is Enter and `\t` is Tab. */
function textEvent(text: string): ChunkEvent {
	if (text === "\r") return { kind: "key", input: "\r", key: keyPress({ return: true }) };
	if (text === "\t") return { kind: "key", input: "\t", key: keyPress({ tab: true }) };
	return { kind: "key", input: text, key: keyPress() };
}

/** DEL and BS are Backspace, `\x01`–`\x1a` Ctrl+letter; the rest is dropped. */
function controlKey(code: number): ChunkEvent | undefined {
	if (code === 0x7f || code === 0x08) return { kind: "key", input: "", key: keyPress({ backspace: true }) };
	if (code >= 0x01 && code <= 0x1a) {
		return { kind: "key", input: String.fromCharCode(code + 0x60), key: keyPress({ ctrl: true }) };
	}
	return undefined;
}

/** The escape sequence at `start`: a key (or nothing, when it is unknown) and its length. */
function escapeSequence(chunk: string, start: number): { event?: ChunkEvent; length: number } {
	const next = chunk[start + 1];
	if (next === undefined)
		return { event: { kind: "key", input: "", key: keyPress({ escape: true }) }, length: 1 };
	if (next === "[") {
		const match = /^\[([0-?]*)([ -/]*)([@-~])/.exec(chunk.slice(start + 1));
		if (!match) return { length: 2 };
		const [whole, params = "", , final = ""] = match;
		return { event: csiKey(params, final), length: 1 + whole.length };
	}
	if (next === "O") {
		const match = /^O([0-9;]*)([@-~])/.exec(chunk.slice(start + 1));
		if (!match) return { length: 2 };
		const [whole, params = "", final = ""] = match;
		return { event: csiKey(params, final), length: 1 + whole.length };
	}
	if (next === "\r")
		return { event: { kind: "key", input: "\r", key: keyPress({ return: true, meta: true }) }, length: 2 };
	if (next === "\u007f" || next === "\b") {
		return { event: { kind: "key", input: "", key: keyPress({ backspace: true, meta: true }) }, length: 2 };
	}
	if (next === ESC) return { event: { kind: "key", input: "", key: keyPress({ escape: true }) }, length: 1 };
	const code = next.charCodeAt(0);
	if (code < 0x20) return { length: 2 };
	// Alt+letter.
	const codePoint = chunk.codePointAt(start + 1) ?? code;
	const letter = String.fromCodePoint(codePoint);
	return { event: { kind: "key", input: letter, key: keyPress({ meta: true }) }, length: 1 + letter.length };
}

/** A CSI or SS3 key from its parameters and final byte; `undefined` for keys the editor has no use for. */
function csiKey(params: string, final: string): ChunkEvent | undefined {
	const [first = "", modifier = ""] = params.split(";");
	const flags = final === "~" ? TILDE_KEYS[first] : FINAL_KEYS[final];
	if (!flags) return undefined;
	// xterm modifiers: 1 + (Shift 1, Alt 2, Ctrl 4).
	const bits = Number.parseInt(modifier, 10) - 1;
	const modifiers = Number.isNaN(bits) ? {} : { meta: (bits & 2) !== 0, ctrl: (bits & 4) !== 0 };
	return { kind: "key", input: "", key: keyPress({ ...flags, ...modifiers }) };
}

/**
 * Whether Ink passed a chunk it could not read as one key: more than one character with
 * a control character or an escape among them (`"ab\x15cd"`). Such input is split with
 * {@link splitChunk} instead of being typed.
 */
export function isMixedChunk(input: string, key: KeyPress): boolean {
	if (input.length < 2 || key.ctrl || key.meta) return false;
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for.
	return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(input);
}

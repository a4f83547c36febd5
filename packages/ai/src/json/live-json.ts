/**
 * An incremental JSON reader that keeps a live JavaScript object up to date while the text
 * of a JSON object arrives in pieces: the view of tool-call arguments while they stream.
 *
 * - The top-level object, and every object or array inside it, is in place as soon as its
 *   opening bracket arrives, and is the same object from then on.
 * - A string value shows the text received so far (without an escape that is still
 *   incomplete); in an array it takes its slot once and keeps it when it completes.
 * - A number or literal is set only when complete: `4` could still become `42`.
 * - Keys appear with their value: a partial key is never shown.
 *
 * It reads JavaScript strings as they are (no UTF-8 round trip) and costs O(chunk) per
 * `push`. Input that is not JSON stops it: the value keeps what it had, and `failed` is
 * set. A top-level value that is not an object is not followed (the view stays `{}`).
 * The caller parses the whole text once at the end; this is only the live view.
 */

import { isHexDigit } from "./characters.js";

// What the reader expects next.
const START = 0; // the top-level value
const VALUE = 1; // a value (after `:`, or after `,` in an array)
const VALUE_OR_CLOSE = 2; // after `[`
const KEY = 3; // a key (after `,` in an object)
const KEY_OR_CLOSE = 4; // after `{`
const COLON = 5;
const AFTER_VALUE = 6; // `,` or the container's closing bracket
const STRING = 7;
const NUMBER = 8;
const LITERAL = 9;
const DONE = 10; // whitespace only
const STOPPED = 11; // failed, or the top-level value is not an object

type State = number;

interface Frame {
	container: Record<string, unknown> | unknown[];
	/** Objects: the key whose value is being read. */
	key: string;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
	'"': '"',
	"\\": "\\",
	"/": "/",
	b: "\b",
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
};

const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS: Readonly<Record<string, unknown>> = { true: true, false: false, null: null };

export class LiveJsonObject {
	/** The top-level object once its `{` has arrived. */
	root: Record<string, unknown> | undefined;
	/** True once the text stopped being JSON. */
	failed = false;
	private state: State = START;
	private readonly stack: Frame[] = [];
	/** The string, number or literal being read (a string's text is decoded). */
	private token = "";
	private stringIsKey = false;
	/** Where a value string being read sits in its array, or -1 in an object. */
	private slot = -1;
	/** An escape received in part: `\` alone, or `\u` and the hex digits so far. */
	private escape = "";

	/** Feeds the next piece of text. Returns how many values it placed (a measure of work). */
	push(chunk: string): number {
		let placed = 0;
		const length = chunk.length;
		let i = 0;
		while (i < length && this.state !== STOPPED) {
			const state = this.state;
			if (state === STRING) {
				i = this.readString(chunk, i);
				continue;
			}
			const code = chunk.charCodeAt(i);
			if (state === NUMBER || state === LITERAL) {
				if (isTokenCharacter(code, state)) {
					this.token += chunk[i];
					i++;
					continue;
				}
				this.endScalar();
				placed++;
				continue; // the same character, now after the value
			}
			i++;
			if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
			placed += this.structural(code, chunk[i - 1] as string);
		}
		// A string value being read is shown as far as it got.
		if (this.state === STRING && !this.stringIsKey) {
			this.place(this.token);
			placed++;
		}
		return placed;
	}

	/** Reads string text from `start`; returns the index after what it consumed. */
	private readString(chunk: string, start: number): number {
		let i = start;
		if (this.escape !== "") {
			i = this.continueEscape(chunk, i);
			if (this.escape !== "" || this.state !== STRING) return i;
		}
		const run = i;
		for (; i < chunk.length; i++) {
			const code = chunk.charCodeAt(i);
			if (code === 0x22) {
				this.token += chunk.slice(run, i);
				this.endString();
				return i + 1;
			}
			if (code === 0x5c) {
				this.token += chunk.slice(run, i);
				this.escape = "\\";
				return i + 1;
			}
			if (code < 0x20) {
				this.fail();
				return i;
			}
		}
		this.token += chunk.slice(run, i);
		return i;
	}

	/** Continues an escape; returns the index after what it consumed. */
	private continueEscape(chunk: string, start: number): number {
		let i = start;
		if (this.escape === "\\") {
			const next = chunk[i] as string;
			i++;
			if (next === "u") {
				this.escape = "\\u";
			} else {
				const decoded = SIMPLE_ESCAPES[next];
				if (decoded === undefined) {
					this.fail();
					return i;
				}
				this.token += decoded;
				this.escape = "";
				return i;
			}
		}
		while (i < chunk.length && this.escape.length < 6) {
			const code = chunk.charCodeAt(i);
			if (!isHexDigit(code)) {
				this.fail();
				return i;
			}
			this.escape += chunk[i];
			i++;
		}
		if (this.escape.length === 6) {
			this.token += String.fromCharCode(Number.parseInt(this.escape.slice(2), 16));
			this.escape = "";
		}
		return i;
	}

	/** A character outside strings, numbers and literals. Returns the values it placed. */
	private structural(code: number, character: string): number {
		const state = this.state;
		if (state === START) {
			if (code !== 0x7b) {
				this.state = STOPPED; // not an object: there is no live view to keep
				return 0;
			}
			this.root = {};
			this.stack.push({ container: this.root, key: "" });
			this.state = KEY_OR_CLOSE;
			return 0;
		}
		if (state === VALUE || state === VALUE_OR_CLOSE) {
			if (code === 0x5d && state === VALUE_OR_CLOSE) return this.close();
			return this.beginValue(code, character);
		}
		if (state === KEY || state === KEY_OR_CLOSE) {
			if (code === 0x7d && state === KEY_OR_CLOSE) return this.close();
			if (code !== 0x22) return this.fail();
			this.beginString(true);
			return 0;
		}
		if (state === COLON) {
			if (code !== 0x3a) return this.fail();
			this.state = VALUE;
			return 0;
		}
		if (state === AFTER_VALUE) {
			const inArray = Array.isArray(this.top().container);
			if (code === 0x2c) {
				this.state = inArray ? VALUE : KEY;
				return 0;
			}
			if (code === (inArray ? 0x5d : 0x7d)) return this.close();
			return this.fail();
		}
		return this.fail(); // DONE: text after the top-level object
	}

	private beginValue(code: number, character: string): number {
		if (code === 0x22) {
			this.beginString(false);
			return 0;
		}
		if (code === 0x7b || code === 0x5b) {
			const container: Record<string, unknown> | unknown[] = code === 0x7b ? {} : [];
			this.place(container);
			this.stack.push({ container, key: "" });
			this.state = code === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
			return 1;
		}
		if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
			this.token = character;
			this.state = NUMBER;
			return 0;
		}
		if (code >= 0x61 && code <= 0x7a) {
			this.token = character;
			this.state = LITERAL;
			return 0;
		}
		return this.fail();
	}

	private beginString(isKey: boolean): void {
		this.token = "";
		this.stringIsKey = isKey;
		const container = this.top().container;
		this.slot = !isKey && Array.isArray(container) ? container.length : -1;
		this.state = STRING;
	}

	private endString(): void {
		if (this.stringIsKey) {
			this.top().key = this.token;
			this.state = COLON;
		} else {
			this.place(this.token);
			this.state = AFTER_VALUE;
		}
		this.token = "";
	}

	private endScalar(): void {
		const text = this.token;
		this.token = "";
		if (this.state === NUMBER) {
			if (!NUMBER_TEXT.test(text)) {
				this.fail();
				return;
			}
			this.place(Number(text));
		} else {
			if (!Object.hasOwn(LITERALS, text)) {
				this.fail();
				return;
			}
			this.place(LITERALS[text]);
		}
		this.state = AFTER_VALUE;
	}

	/** Puts a value where the innermost container expects it. */
	private place(value: unknown): void {
		const frame = this.top();
		const container = frame.container;
		if (Array.isArray(container)) {
			if (this.state === STRING) container[this.slot] = value;
			else container.push(value);
		} else {
			setOwn(container, frame.key, value);
		}
	}

	/** Ends the innermost container; callers have checked that the bracket matches it. */
	private close(): number {
		this.stack.pop();
		this.state = this.stack.length === 0 ? DONE : AFTER_VALUE;
		return 0;
	}

	private top(): Frame {
		return this.stack[this.stack.length - 1] as Frame;
	}

	private fail(): number {
		this.failed = true;
		this.state = STOPPED;
		return 0;
	}
}

function isTokenCharacter(code: number, state: State): boolean {
	if (state === LITERAL) return code >= 0x61 && code <= 0x7a;
	// Digits, `-`, `+`, `.`, `e`, `E`: whether they form a number is checked at the end.
	return (
		(code >= 0x30 && code <= 0x39) ||
		code === 0x2d ||
		code === 0x2b ||
		code === 0x2e ||
		code === 0x65 ||
		code === 0x45
	);
}

/** Assignment that makes `__proto__` an own property, as `JSON.parse` does. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
	if (key === "__proto__") {
		Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
	} else {
		target[key] = value;
	}
}

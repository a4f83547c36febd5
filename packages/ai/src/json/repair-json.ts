/**
 * Repair for the two faults models commonly put into tool-call argument JSON: raw control
 * characters inside string literals (a literal newline in file content) and escapes JSON
 * does not know (`\x`, `\'`, a stray backslash, a cut-off `\u`). Both are fixed inside
 * string literals only; everything outside strings is copied as is, so text that is
 * already valid JSON comes back unchanged.
 */

import { isHexDigit } from "./characters.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LOWER_U = 0x75;

/** Characters that may follow a backslash in JSON, apart from `u`. */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]); // " \ / b f n r t

const CONTROL_ESCAPES: Readonly<Record<number, string>> = {
	8: "\\b",
	9: "\\t",
	10: "\\n",
	12: "\\f",
	13: "\\r",
};

function escapeControl(code: number): string {
	return CONTROL_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, "0")}`;
}

type RepairState = "outside" | "string" | "backslash" | "unicode";

/**
 * The repair as a stream: each `push` returns the repaired text that is already decided,
 * holding back only an escape whose meaning depends on characters not yet received (at
 * most `\` plus four hex digits). `end` releases what is held back. Concatenating every
 * output gives exactly `repairJson` of the concatenated input, whatever the split.
 */
export class JsonRepairStream {
	private state: RepairState = "outside";
	/** Hex digits received after a pending `\u`. */
	private hex = "";
	private examined = 0;

	/** Characters examined so far (a character after a bad escape is examined twice). */
	get work(): number {
		return this.examined;
	}

	push(chunk: string): string {
		const out: string[] = [];
		// Start of the run of characters that are copied verbatim.
		let run = 0;
		for (let i = 0; i < chunk.length; i++) {
			this.examined++;
			const code = chunk.charCodeAt(i);
			if (this.state === "outside") {
				if (code === QUOTE) this.state = "string";
				continue;
			}
			if (this.state === "backslash") {
				if (code === LOWER_U) {
					this.state = "unicode";
					this.hex = "";
					run = i + 1;
					continue;
				}
				this.state = "string";
				if (SIMPLE_ESCAPES.has(code)) {
					// A valid escape: re-emit the held backslash; the escaped character starts the run.
					out.push("\\");
					run = i;
					continue;
				}
				// Not an escape: the backslash was meant literally. `code` is a string character.
				out.push("\\\\");
				run = i;
			} else if (this.state === "unicode") {
				if (isHexDigit(code)) {
					this.hex += chunk[i];
					run = i + 1;
					if (this.hex.length === 4) {
						out.push(`\\u${this.hex}`);
						this.state = "string";
					}
					continue;
				}
				// A cut-off `\u`: keep its text with a literal backslash. `code` is a string character.
				out.push(`\\\\u${this.hex}`);
				this.state = "string";
				run = i;
			}
			// Inside a string literal.
			if (code === QUOTE) {
				this.state = "outside";
			} else if (code === BACKSLASH) {
				out.push(chunk.slice(run, i));
				run = i + 1;
				this.state = "backslash";
			} else if (code < 0x20) {
				out.push(chunk.slice(run, i), escapeControl(code));
				run = i + 1;
			}
		}
		out.push(chunk.slice(run));
		return out.join("");
	}

	/** End of input: a held-back escape can no longer complete, so its backslash is literal. */
	end(): string {
		const state = this.state;
		this.state = "outside";
		if (state === "backslash") return "\\\\";
		if (state === "unicode") return `\\\\u${this.hex}`;
		return "";
	}
}

/**
 * Escapes raw control characters (U+0000–U+001F) inside string literals and turns invalid
 * escapes into a literal backslash followed by the same text (`\x` → `\\x`). One linear
 * pass; text outside string literals, and valid JSON as a whole, is returned unchanged.
 */
export function repairJson(text: string): string {
	const stream = new JsonRepairStream();
	return stream.push(text) + stream.end();
}

/**
 * Rewrites a grep pattern (JavaScript syntax, compiled by `compilePattern` in Unicode
 * mode) as a Rust regex that matches the same lines, for ripgrep. Returns `undefined`
 * for anything whose meaning could differ between the two engines (look-around,
 * backreferences, `\p{…}`, `\c`, octal and control escapes, JavaScript's `[]`, …): the
 * JavaScript engine searches then, so the output never depends on which engine ran.
 *
 * What is rewritten: `\d \w \b` and their negations are ASCII in JavaScript and Unicode
 * in Rust, so they become ASCII forms; `.` does not match `\r`, U+2028 or U+2029 in
 * JavaScript; `\uXXXX` becomes `\x{XXXX}`; inside a class, `[` and the set operators
 * `&& -- ~~` are literal in JavaScript, so they are escaped.
 */
export function translatePattern(source: string): string | undefined {
	let out = "";
	let index = 0;
	const at = (offset = 0) => source[index + offset];
	while (index < source.length) {
		const char = source[index]!;
		if (char === "\\") {
			const escaped = translateEscape(source, index, false);
			if (escaped === undefined) return undefined;
			out += escaped.text;
			index = escaped.next;
		} else if (char === "[") {
			const cls = translateClass(source, index);
			if (cls === undefined) return undefined;
			out += cls.text;
			index = cls.next;
		} else if (char === "(") {
			if (at(1) !== "?") {
				out += "(";
				index++;
			} else if (at(2) === ":") {
				out += "(?:";
				index += 3;
			} else if (at(2) === "<" && /^[A-Za-z_]\w*>/.test(source.slice(index + 3))) {
				// Named group: the name does not change what matches.
				const end = source.indexOf(">", index);
				out += `(?P<${source.slice(index + 3, end)}>`;
				index = end + 1;
			} else return undefined; // look-around, modifiers
		} else if (char === "{") {
			// A quantifier in Unicode mode; Rust reads `{,n}` differently.
			if (!/^\{\d+(,\d*)?\}/.test(source.slice(index))) return undefined;
			const end = source.indexOf("}", index);
			out += source.slice(index, end + 1);
			index = end + 1;
		} else if (char === ".") {
			out += "[^\\n\\r\\x{2028}\\x{2029}]";
			index++;
		} else {
			out += char;
			index++;
		}
	}
	return out;
}

interface Piece {
	text: string;
	next: number;
}

const ASCII_CLASSES: Record<string, string> = { d: "0-9", w: "0-9A-Za-z_" };

/** One escape at `index` (a backslash), outside or inside a class. */
function translateEscape(source: string, index: number, inClass: boolean): Piece | undefined {
	const next = source[index + 1];
	if (next === undefined) return undefined;
	const piece = (text: string, length = 2): Piece => ({ text, next: index + length });
	switch (next) {
		case "d":
		case "w":
			return piece(inClass ? ASCII_CLASSES[next]! : `[${ASCII_CLASSES[next]}]`);
		case "D":
		case "W":
			return inClass ? undefined : piece(`[^${ASCII_CLASSES[next.toLowerCase()]}]`);
		case "b":
		case "B":
			return inClass ? undefined : piece(`(?-u:\\${next})`);
		case "s":
		case "S":
			// JavaScript adds U+FEFF to Unicode's white space.
			if (inClass) return next === "s" ? piece("\\s\\x{FEFF}") : undefined;
			return piece(next === "s" ? "[\\s\\x{FEFF}]" : "[^\\s\\x{FEFF}]");
		case "t":
		case "n":
		case "r":
		case "f":
		case "v":
			return piece(`\\${next}`);
		case "x": {
			const hex = source.slice(index + 2, index + 4);
			return /^[0-9A-Fa-f]{2}$/.test(hex) ? piece(`\\x{${hex}}`, 4) : undefined;
		}
		case "u": {
			const braced = /^\{([0-9A-Fa-f]{1,6})\}/.exec(source.slice(index + 2));
			if (braced) return piece(`\\x{${braced[1]}}`, 2 + braced[0].length);
			const hex = source.slice(index + 2, index + 6);
			if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return undefined;
			const code = Number.parseInt(hex, 16);
			// Surrogate pairs would need joining; the JavaScript engine takes them.
			if (code >= 0xd800 && code <= 0xdfff) return undefined;
			return piece(`\\x{${hex}}`, 6);
		}
		default:
			// Escaped punctuation is the character itself in both engines.
			return /[$()*+./?[\\\]^{|}-]/.test(next) ? piece(`\\${next}`) : undefined;
	}
}

/** A character class at `index` (a `[`), with what Rust reads as syntax escaped. */
function translateClass(source: string, index: number): Piece | undefined {
	let position = index + 1;
	let out = "[";
	if (source[position] === "^") {
		out += "^";
		position++;
	}
	// `[]` and `[^]` mean nothing and anything in JavaScript, `]` itself in Rust.
	if (source[position] === "]") return undefined;
	let empty = true;
	while (position < source.length) {
		const char = source[position]!;
		if (char === "]") return empty ? undefined : { text: `${out}]`, next: position + 1 };
		empty = false;
		if (char === "\\") {
			const escaped = translateEscape(source, position, true);
			if (escaped === undefined) return undefined;
			out += escaped.text;
			position = escaped.next;
			continue;
		}
		const pair = source.slice(position, position + 2);
		if (char === "[" || pair === "&&" || pair === "~~" || pair === "--") {
			out += `\\${char}`;
			position++;
			continue;
		}
		out += char;
		position++;
	}
	return undefined;
}

import { describe, expect, it } from "vitest";
import { normaliseWithOffsetMap, originalRange } from "./normalise.js";

/** The original text behind each folded character, to read the map at a glance. */
function sources(text: string, options = {}): string[] {
	const folded = normaliseWithOffsetMap(text, options);
	return [...folded.text].map((_, index) => text.slice(folded.starts[index], folded.ends[index]));
}

describe("normaliseWithOffsetMap", () => {
	it("leaves plain ASCII alone and maps each character to itself", () => {
		const folded = normaliseWithOffsetMap("a = 1;\nb");
		expect(folded.text).toBe("a = 1;\nb");
		expect(Array.from(folded.starts)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(Array.from(folded.ends)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
	});

	it("folds CRLF and lone CR to LF, mapping the LF to both characters", () => {
		const folded = normaliseWithOffsetMap("a\r\nb\rc");
		expect(folded.text).toBe("a\nb\nc");
		expect(sources("a\r\nb\rc")).toEqual(["a", "\r\n", "b", "\r", "c"]);
	});

	it("folds curly quotes, dashes, NBSP and other spaces to ASCII", () => {
		expect(normaliseWithOffsetMap("“x” ‘y’ a–b—c−d\u00a0e\u2009f\u3000g").text).toBe(`"x" 'y' a-b-c-d e f g`);
	});

	it("expands an ellipsis to three dots that all map to the one character", () => {
		const folded = normaliseWithOffsetMap("a…b");
		expect(folded.text).toBe("a...b");
		expect(originalRange(folded, 1, 4)).toEqual([1, 2]);
	});

	it("folds full-width ASCII and ligatures (safe NFKC) but not superscripts or fractions", () => {
		expect(normaliseWithOffsetMap("ｆｏｏ（１）ﬁ").text).toBe("foo(1)fi");
		expect(normaliseWithOffsetMap("x² ½ ①").text).toBe("x² ½ ①");
	});

	it("composes a base letter and its combining marks (NFC) and maps them together", () => {
		const decomposed = "cafe\u0301!";
		const folded = normaliseWithOffsetMap(decomposed);
		expect(folded.text).toBe("café!");
		expect(sources(decomposed)).toEqual(["c", "a", "f", "e\u0301", "!"]);
		expect(normaliseWithOffsetMap("café").text).toBe(folded.text.slice(0, 4));
	});

	it("drops zero-width spaces, word joiners and BOMs", () => {
		const folded = normaliseWithOffsetMap("\ufeffa\u200bb\u2060c");
		expect(folded.text).toBe("abc");
		expect(originalRange(folded, 0, 3)).toEqual([1, 6]);
	});

	it("drops trailing whitespace of every line; at the very end only with trimEnd", () => {
		expect(normaliseWithOffsetMap("a  \nb\t\n c \u00a0").text).toBe("a\nb\n c  ");
		expect(normaliseWithOffsetMap("a  \nb\t\n c \u00a0", { trimEnd: true }).text).toBe("a\nb\n c");
	});

	it("keeps whitespace inside a line, and maps across dropped characters", () => {
		const text = "a \u00a0b   \r\nc";
		const folded = normaliseWithOffsetMap(text);
		expect(folded.text).toBe("a  b\nc");
		// "b\nc" in folded text covers the trailing spaces and the CRLF in the original.
		expect(originalRange(folded, 3, 6)).toEqual([3, text.length]);
		expect(text.slice(...originalRange(folded, 3, 6))).toBe("b   \r\nc");
	});

	it("strips indentation only when asked, including special spaces in it", () => {
		const text = "\tif (x) {\n\u00a0   y();\n}";
		expect(normaliseWithOffsetMap(text).text).toBe("\tif (x) {\n    y();\n}");
		expect(normaliseWithOffsetMap(text, { stripIndentation: true }).text).toBe("if (x) {\ny();\n}");
	});

	it("keeps surrogate pairs whole", () => {
		const folded = normaliseWithOffsetMap("a😀b");
		expect(folded.text).toBe("a😀b");
		expect(originalRange(folded, 1, 3)).toEqual([1, 3]);
	});
});

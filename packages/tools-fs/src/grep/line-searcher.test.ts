import { describe, expect, it } from "vitest";
import { clipExcerpt } from "../truncate/truncate.js";
import { compilePattern } from "./compile-pattern.js";
import { LineSearcher, type SearchRecord } from "./line-searcher.js";

function search(
	text: string,
	pattern: string,
	context = 0,
	maxMatches = 100,
	piece = Number.MAX_SAFE_INTEGER,
) {
	const compiled = compilePattern(pattern, {});
	if (!compiled.ok) throw new Error(compiled.message);
	const searcher = new LineSearcher(compiled.pattern, {
		context,
		maxMatches,
		maxLineLength: 500,
		clip: clipExcerpt,
	});
	for (let start = 0; start < text.length; start += piece) searcher.push(text.slice(start, start + piece));
	searcher.end();
	return searcher.records.map(show);
}

function show(record: SearchRecord): string {
	if (record.kind === "separator") return "--";
	return `${record.line}${record.kind === "match" ? ":" : "-"}${record.text}`;
}

const text = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", ""].join("\n");

describe("LineSearcher", () => {
	it("reports each matching line once with its number", () => {
		expect(search(text, "e")).toEqual([
			"1:one",
			"3:three",
			"5:five",
			"7:seven",
			"8:eight",
			"9:nine",
			"10:ten",
		]);
	});

	it("adds context lines and separates groups that are apart", () => {
		expect(search(text, "^(two|nine)$", 1)).toEqual([
			"1-one",
			"2:two",
			"3-three",
			"--",
			"8-eight",
			"9:nine",
			"10-ten",
		]);
	});

	it("merges overlapping context", () => {
		expect(search(text, "^(three|five)$", 2)).toEqual([
			"1-one",
			"2-two",
			"3:three",
			"4-four",
			"5:five",
			"6-six",
			"7-seven",
		]);
	});

	it("gives the same answer however the text is cut into pieces", () => {
		const whole = search(text, "^(two|six|ten)$", 2);
		for (const size of [1, 4, 9, 20]) expect(search(text, "^(two|six|ten)$", 2, 100, size)).toEqual(whole);
	});

	it("stops at the match limit", () => {
		expect(search(text, "e", 0, 2)).toEqual(["1:one", "3:three"]);
	});

	it("matches $ at the end of CRLF lines and does not report a match across a line break", () => {
		expect(search("foo\r\nbar\r\n", "o$")).toEqual(["1:foo"]);
		expect(search("foo\nbar\n", "o\\sb")).toEqual([]);
	});

	it("handles a last line without a line break and empty lines", () => {
		expect(search("a\n\nb", "^$")).toEqual(["2:"]);
		expect(search("a\n\nb", "b$")).toEqual(["3:b"]);
	});
});

describe("compilePattern", () => {
	it("escapes literal patterns", () => {
		const compiled = compilePattern("a.b(c)", { literal: true });
		expect(compiled.ok && compiled.pattern.line.test("xa.b(c)")).toBe(true);
		expect(compiled.ok && compiled.pattern.line.test("axb(c)")).toBe(false);
	});

	it("accepts (?i) and \\p{…} and a Unicode-invalid escape", () => {
		const insensitive = compilePattern("(?i)hello", {});
		expect(insensitive.ok && insensitive.pattern.line.test("HeLLo")).toBe(true);
		const letters = compilePattern("\\p{Lu}", {});
		expect(letters.ok && letters.pattern.line.test("É")).toBe(true);
		expect(compilePattern("a\\-b", {}).ok).toBe(true);
	});

	it("explains an invalid pattern and offers literal", () => {
		const compiled = compilePattern("foo(", {});
		expect(compiled.ok).toBe(false);
		expect(!compiled.ok && compiled.message).toContain("literal: true");
	});
});

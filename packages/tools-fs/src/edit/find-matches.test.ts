import { describe, expect, it } from "vitest";
import { findMatches, nonOverlapping, occurrences, SearchableText, splitLines } from "./find-matches.js";

const find = (content: string, oldText: string, fuzzy = true) =>
	findMatches(new SearchableText(content), oldText, { fuzzy });

describe("findMatches", () => {
	it("finds exact text first, with every occurrence", () => {
		const result = find("ab ab ab", "ab");
		expect(result.kind).toBe("exact");
		expect(result.regions.map((region) => region.start)).toEqual([0, 3, 6]);
	});

	it("counts overlapping occurrences, so ambiguity is never hidden", () => {
		expect(occurrences("aaa", "aa")).toEqual([0, 1]);
		expect(
			nonOverlapping([
				{ start: 0, end: 2 },
				{ start: 1, end: 3 },
			]),
		).toEqual([{ start: 0, end: 2 }]);
	});

	it("falls back to the normalised match and reports the original region", () => {
		const content = "x\r\nconst s = “a”;\r\ny";
		const result = find(content, 'const s = "a";\ny');
		expect(result.kind).toBe("normalised");
		const region = result.regions[0]!;
		expect(content.slice(region.start, region.end)).toBe("const s = “a”;\r\ny");
	});

	it("does not take trailing whitespace of the file into a region", () => {
		const content = "a = 1;   \nb = 2;\t\n";
		const result = find(content, "a = 1;\nb = 2;");
		const region = result.regions[0]!;
		expect(content.slice(region.start, region.end)).toBe("a = 1;   \nb = 2;");
	});

	it("treats whitespace ending the snippet as trailing only where the file's line ends", () => {
		const content = "call(a,   \nb)\ncall(a, b)";
		const result = find(content, "call(a, \u00a0");
		expect(result.kind).toBe("normalised");
		// The second line has "call(a, b)": the snippet's end would cut into it, so only line 1 matches.
		expect(result.regions).toHaveLength(1);
		expect(content.slice(result.regions[0]!.start, result.regions[0]!.end)).toBe("call(a,");
	});

	it("matches with other indentation when it corresponds line by line, from the line start", () => {
		const content = "class A {\n\tf() {\n\t\treturn 1;\n\t}\n}\n";
		const result = find(content, "f() {\n    return 1;\n}");
		expect(result.kind).toBe("indentation");
		const region = result.regions[0]!;
		expect(content.slice(region.start, region.end)).toBe("\tf() {\n\t\treturn 1;\n\t}");
		expect(region.indent?.translate("    ")).toBe("\t\t");
		expect(region.indent?.translate("        ")).toBe("\t\t\t");
	});

	it("refuses an indentation match whose nesting differs (Python blocks)", () => {
		const content = "if x:\n    a()\n    b()\n";
		const result = find(content, "if x:\n    a()\nb()");
		expect(result.kind).toBeUndefined();
		expect(result.kind === undefined && result.inconsistentIndentation).toBe(true);
	});

	it("finds nothing without fuzzy matching when the text differs", () => {
		expect(find("a\r\nb", "a\nb", false).kind).toBeUndefined();
	});

	it("splits lines keeping each line's own break", () => {
		expect(splitLines("a\r\nb\nc\rd")).toEqual([
			{ text: "a", eol: "\r\n" },
			{ text: "b", eol: "\n" },
			{ text: "c", eol: "\r" },
			{ text: "d", eol: "" },
		]);
	});
});

import { describe, expect, it } from "vitest";
import { findClosestRegion } from "./closest-region.js";

describe("findClosestRegion", () => {
	const file = [
		"import x from 'x';",
		"",
		"export function total(items) {",
		"  let sum = 0;",
		"  for (const item of items) sum += item.price;",
		"  return sum;",
		"}",
		"",
	].join("\n");

	it("finds the most similar window of lines and describes each differing line", () => {
		const region = findClosestRegion(
			file,
			"  let sum = 0;\n  for (const item of items) sum += item.cost;\n  return sum;",
		);
		expect(region).toMatchObject({ startLine: 4, endLine: 6 });
		expect(region!.similarity).toBeGreaterThan(0.8);
		expect(region!.differences).toEqual([
			{
				line: 5,
				actual: "  for (const item of items) sum += item.price;",
				expected: "  for (const item of items) sum += item.cost;",
				kind: "content",
			},
		]);
	});

	it("names whitespace-only differences as such", () => {
		const region = findClosestRegion("a\n\tb\nc\n", "a\n  b\nc");
		expect(region!.differences).toEqual([{ line: 2, actual: "\tb", expected: "  b", kind: "indentation" }]);
	});

	it("names a difference of letter case", () => {
		const region = findClosestRegion("Hello World\n", "hello world");
		expect(region!.differences[0]!.kind).toBe("letter case");
	});

	it("still finds the region in a large file (anchored search)", () => {
		const lines = Array.from({ length: 20_000 }, (_, index) => `line number ${index} of the file`);
		lines[13_337] = "const answer = computeTheAnswer(42);";
		const wanted =
			"line number 13336 of the file\nconst answer = computeAnswer(42);\nline number 13338 of the file";
		const region = findClosestRegion(lines.join("\n"), wanted);
		expect(region?.startLine).toBe(13_337);
	});

	it("returns nothing for an empty file or a blank search", () => {
		expect(findClosestRegion("", "x")).toBeUndefined();
		expect(findClosestRegion("abc", "  \n")).toBeUndefined();
	});
});

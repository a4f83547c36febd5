import { describe, expect, it } from "vitest";
import { byteLength, clipLine, formatSize, OutputBudget, plural } from "./truncate.js";

describe("OutputBudget", () => {
	it("stops at the line bound", () => {
		const budget = new OutputBudget(2, 1000);
		expect([budget.add("a"), budget.add("b"), budget.add("c")]).toEqual([true, true, false]);
		expect(budget.exhaustedBy).toBe("lines");
		expect(budget.text()).toBe("a\nb");
	});

	it("stops at the byte bound, counting UTF-8 bytes and line breaks", () => {
		const budget = new OutputBudget(100, 6);
		expect(budget.add("ééé")).toBe(true);
		expect(budget.add("")).toBe(false);
		expect(budget.exhaustedBy).toBe("bytes");
		expect(budget.bytes).toBe(6);
	});

	it("refuses every line after the first refusal", () => {
		const budget = new OutputBudget(100, 5);
		budget.add("abcd");
		expect(budget.add("abcdef")).toBe(false);
		expect(budget.add("")).toBe(false);
	});
});

describe("clipLine", () => {
	it("keeps short lines", () => {
		expect(clipLine("abc", 5)).toEqual({ text: "abc", clipped: false });
	});

	it("clips from the start by default", () => {
		expect(clipLine("abcdefghij", 4)).toEqual({ text: "abcd…", clipped: true });
	});

	it("keeps a window around a focus deep in the line", () => {
		const line = `${"x".repeat(1000)}MATCH${"y".repeat(1000)}`;
		const clipped = clipLine(line, 100, 1000);
		expect(clipped.text.startsWith("…")).toBe(true);
		expect(clipped.text.endsWith("…")).toBe(true);
		expect(clipped.text).toContain("MATCH");
	});

	it("never splits a surrogate pair", () => {
		expect(clipLine("a😀😀", 2).text).toBe("a…");
	});
});

describe("formatting", () => {
	it("formats sizes and counts", () => {
		expect([formatSize(512), formatSize(50 * 1024), formatSize(200 * 1024 * 1024)]).toEqual([
			"512 B",
			"50.0 KB",
			"200.0 MB",
		]);
		expect([plural(1, "line"), plural(1234, "line")]).toEqual(["1 line", "1,234 lines"]);
		expect(byteLength("aé😀")).toBe(7);
	});
});

import { describe, expect, it } from "vitest";
import { columns, detectIndentUnit, IndentMap } from "./indentation.js";

describe("indentation", () => {
	it("measures columns with tab stops of 4", () => {
		expect(columns("\t")).toBe(4);
		expect(columns("  \t")).toBe(4);
		expect(columns("\t  ")).toBe(6);
	});

	it("detects a file's indent step: tabs, or the most common change of width", () => {
		expect(detectIndentUnit(["a", "\tb", "\t\tc"])).toBe("\t");
		expect(detectIndentUnit(["a", "  b", "    c", "  d", "e"])).toBe("  ");
		expect(detectIndentUnit(["a", "b"])).toBeUndefined();
	});

	it("translates a model's spaces into a file's tabs, also for deeper new lines", () => {
		const map = IndentMap.build(["", "    "], ["\t", "\t\t"], ["x", "    y"], () => [])!;
		expect(map.translate("")).toBe("\t");
		expect(map.translate("    ")).toBe("\t\t");
		expect(map.translate("        ")).toBe("\t\t\t");
	});

	it("translates between indent widths (2 spaces in the model, 4 in the file)", () => {
		const map = IndentMap.build(["", "  "], ["    ", "        "], [], () => [])!;
		expect(map.translate("    ")).toBe("            ");
	});

	it("uses the file's own step when the match has a single indentation level", () => {
		const map = IndentMap.build(["  "], ["\t"], ["  a", "    b"], () => ["x", "\ty", "\t\tz"])!;
		expect(map.translate("    ")).toBe("\t\t");
	});

	it("rejects a model indentation that stands for two file indentations", () => {
		expect(IndentMap.build(["", ""], ["", "    "], [], () => [])).toBeUndefined();
	});

	it("rejects nesting in another order", () => {
		expect(IndentMap.build(["", "    "], ["    ", ""], [], () => [])).toBeUndefined();
	});
});

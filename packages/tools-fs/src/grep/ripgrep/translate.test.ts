import { describe, expect, it } from "vitest";
import { rewriteRule } from "./inherited-ignores.js";
import { translatePattern } from "./translate-pattern.js";

describe("translatePattern", () => {
	it("rewrites what Rust reads otherwise and keeps the rest", () => {
		expect(translatePattern("\\w+Handler\\d+_0\\(")).toBe("[0-9A-Za-z_]+Handler[0-9]+_0\\(");
		expect(translatePattern("a.b")).toBe("a[^\\n\\r\\x{2028}\\x{2029}]b");
		expect(translatePattern("\\bx\\B")).toBe("(?-u:\\b)x(?-u:\\B)");
		expect(translatePattern("[\\w-][[]a&&b")).toBe("[0-9A-Za-z_-][\\[]a&&b");
		expect(translatePattern("[a&&b]")).toBe("[a\\&&b]");
		expect(translatePattern("(?<name>x){2,3}\\u00e9 #")).toBe("(?P<name>x){2,3}\\x{00e9} #");
	});

	it("gives up on what could differ", () => {
		for (const pattern of [
			"a(?=b)",
			"(?<!a)b",
			"(a)\\1",
			"\\k<x>",
			"\\p{L}",
			"[]",
			"[^]",
			"\\cA",
			"\\0",
			"a{,2}",
			"[\\W]",
			"\\ud83d\\ude00",
		])
			expect(translatePattern(pattern), pattern).toBeUndefined();
	});
});

describe("rewriteRule", () => {
	it("keeps rules of any depth and re-anchors anchored ones below the searched folder", () => {
		expect(rewriteRule("*.log", ["sub"])).toBe("*.log");
		expect(rewriteRule("dist/", ["sub"])).toBe("dist/");
		expect(rewriteRule("**/gen", ["sub"])).toBe("**/gen");
		expect(rewriteRule("/sub/gen/", ["sub"])).toBe("/gen/");
		expect(rewriteRule("!sub/a/keep.txt", ["sub"])).toBe("!/a/keep.txt");
		expect(rewriteRule("/other/x", ["sub"])).toBe("");
		expect(rewriteRule("# comment", ["sub"])).toBe("");
	});

	it("gives up where the rule's meaning cannot be carried over", () => {
		expect(rewriteRule("/s*b/gen", ["sub"])).toBeUndefined();
		expect(rewriteRule("/sub", ["sub"])).toBeUndefined();
		expect(rewriteRule("\\#file", ["sub"])).toBeUndefined();
	});
});

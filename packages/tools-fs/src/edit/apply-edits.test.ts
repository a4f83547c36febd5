import { describe, expect, it } from "vitest";
import { type ApplyEditsResult, applyEdits, type EditRequest } from "./apply-edits.js";

function applied(content: string, edits: EditRequest[]) {
	const result = applyEdits(content, edits);
	if (!result.ok) throw new Error(`expected success, got: ${result.message}`);
	return result;
}

function failed(content: string, edits: EditRequest[]) {
	const result: ApplyEditsResult = applyEdits(content, edits);
	if (result.ok) throw new Error("expected a failure");
	return result;
}

const BOM = "\ufeff";

describe("applyEdits: the matrix of model/file differences", () => {
	it("an LF oldText on a CRLF file with a BOM: only the region changes, CRLF and BOM kept", () => {
		const before = `${BOM}header\r\nfunction f() {\r\n  return 1;\r\n}\r\nfooter\r\n`;
		const result = applied(before, [
			{
				oldText: "function f() {\n  return 1;\n}",
				newText: "function f() {\n  const x = 1;\n  return x;\n}",
			},
		]);
		expect(result.content).toBe(
			`${BOM}header\r\nfunction f() {\r\n  const x = 1;\r\n  return x;\r\n}\r\nfooter\r\n`,
		);
		expect(result.edits[0]).toMatchObject({ kind: "normalised", startLine: 2, endLine: 4 });
		expect(result.edits[0]!.differences).toContain("line endings");
	});

	it("curly quotes in the file, straight in the model: the file keeps its curly quotes", () => {
		const before = "const a = “Hello”;\nconst b = ‘x’;\n";
		const result = applied(before, [{ oldText: 'const a = "Hello";', newText: 'const a = "Goodbye";' }]);
		expect(result.content).toBe("const a = “Goodbye”;\nconst b = ‘x’;\n");
		expect(result.edits[0]!.differences).toEqual(["quotes"]);
	});

	it("an en dash in the file, a hyphen in the model", () => {
		const result = applied("Pages 1–10 of the report\n", [
			{ oldText: "Pages 1-10 of the report", newText: "Pages 1-20 of the report" },
		]);
		expect(result.content).toBe("Pages 1–20 of the report\n");
	});

	it("a no-break space in the file, a plain space in the model", () => {
		const result = applied("price:\u00a0100 EUR\nnext\n", [
			{ oldText: "price: 100 EUR", newText: "price: 120 EUR" },
		]);
		expect(result.content).toBe("price:\u00a0120 EUR\nnext\n");
	});

	it("tabs in the file, spaces in the model: new lines get tabs too", () => {
		const before = "function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n";
		const result = applied(before, [
			{
				oldText: "    if (x) {\n        return 1;\n    }",
				newText: "    if (x) {\n        log(x);\n        return 1;\n    }",
			},
		]);
		expect(result.content).toBe("function f() {\n\tif (x) {\n\t\tlog(x);\n\t\treturn 1;\n\t}\n}\n");
		expect(result.edits[0]!.kind).toBe("indentation");
	});

	it("a model that dedented the snippet: the file's depth is kept", () => {
		const before = "class A {\n    method() {\n        return 1;\n    }\n}\n";
		const result = applied(before, [
			{
				oldText: "method() {\n    return 1;\n}",
				newText: "method() {\n    if (y) {\n        return 2;\n    }\n}",
			},
		]);
		expect(result.content).toBe(
			"class A {\n    method() {\n        if (y) {\n            return 2;\n        }\n    }\n}\n",
		);
	});

	it("trailing whitespace in the file: unchanged lines keep it, bytes after the region stay", () => {
		const before = "a = 1;   \nb = 2;\t\nc = 3;\n";
		const result = applied(before, [{ oldText: "a = 1;\nb = 2;", newText: "a = 1;\nb = 3;" }]);
		expect(result.content).toBe("a = 1;   \nb = 3;\t\nc = 3;\n");
	});

	it("all at once: BOM, CRLF, tabs, curly quotes, NBSP — every other byte identical", () => {
		const before = `${BOM}// “greeting”\r\nfunction hi() {\r\n\tsay(“hi”,\u00a0“there”);\r\n\treturn;\r\n}\r\nrest\r\n`;
		const result = applied(before, [
			{
				oldText: 'function hi() {\n    say("hi", "there");\n    return;\n}',
				newText: 'function hi() {\n    say("hello", "there");\n    return;\n}',
			},
		]);
		expect(result.content).toBe(
			`${BOM}// “greeting”\r\nfunction hi() {\r\n\tsay(“hello”,\u00a0“there”);\r\n\treturn;\r\n}\r\nrest\r\n`,
		);
	});

	it("a decomposed é in the model matches a composed one in the file", () => {
		const result = applied("name = “café”\n", [
			{ oldText: 'name = "cafe\u0301"', newText: 'name = "bistro"' },
		]);
		expect(result.content).toBe("name = “bistro”\n");
	});

	it("an exact match uses newText as given, with the file's CRLF for added lines", () => {
		const result = applied("a\r\nb\r\n", [{ oldText: "b", newText: "b\nc" }]);
		expect(result.content).toBe("a\r\nb\r\nc\r\n");
		expect(result.edits[0]!.kind).toBe("exact");
	});
});

describe("applyEdits: rules", () => {
	it("applies several edits, each matched against the original", () => {
		const result = applied("one\ntwo\nthree\n", [
			{ oldText: "three", newText: "3" },
			{ oldText: "one", newText: "1" },
		]);
		expect(result.content).toBe("1\ntwo\n3\n");
		expect(result.edits.map((edit) => edit.startLine)).toEqual([3, 1]);
	});

	it("does not match an edit against the result of another", () => {
		const failure = failed("alpha\n", [
			{ oldText: "alpha", newText: "beta" },
			{ oldText: "beta", newText: "gamma" },
		]);
		expect(failure.failure).toMatchObject({ index: 1, reason: "not_found" });
	});

	it("refuses overlapping edits and names both", () => {
		const failure = failed("a b c\n", [
			{ oldText: "a b", newText: "x" },
			{ oldText: "b c", newText: "y" },
		]);
		expect(failure.failure.reason).toBe("overlap");
		expect(failure.message).toContain("Edits 1 and 2 overlap");
	});

	it("refuses an ambiguous match and lists the lines", () => {
		const failure = failed("x = 1;\ny = 2;\nx = 1;\n", [{ oldText: "x = 1;", newText: "x = 3;" }]);
		expect(failure.failure).toMatchObject({ reason: "ambiguous", matchLines: [1, 3] });
		expect(failure.message).toContain("lines 1, 3");
		expect(failure.message).toContain("replaceAll");
	});

	it("refuses an ambiguous normalised match", () => {
		const failure = failed("say(“hi”)\nsay(„hi“)\n", [{ oldText: 'say("hi")', newText: 'say("yo")' }]);
		expect(failure.failure).toMatchObject({ reason: "ambiguous", matchLines: [1, 2] });
	});

	it("replaces every occurrence with replaceAll", () => {
		const result = applied("x = 1;\ny = 2;\nx = 1;\n", [
			{ oldText: "x = 1;", newText: "x = 3;", replaceAll: true },
		]);
		expect(result.content).toBe("x = 3;\ny = 2;\nx = 3;\n");
		expect(result.edits[0]!.occurrences).toBe(2);
	});

	it("refuses an edit that changes nothing", () => {
		expect(failed("a\n", [{ oldText: "a", newText: "a" }]).failure.reason).toBe("no_change");
	});

	it("refuses an edit whose only change is a character the match folds, and says how to do it", () => {
		const failure = failed("say “hi”\n", [{ oldText: 'say "hi"', newText: "say “hi”" }]);
		expect(failure.failure.reason).toBe("no_change");
		expect(failure.message).toContain("quote oldText exactly");
	});

	it("refuses an empty oldText", () => {
		expect(failed("a\n", [{ oldText: "", newText: "b" }]).failure.reason).toBe("invalid");
	});

	it("reports a miss with the closest region, its line numbers and what differed", () => {
		const before = "function add(a, b) {\n  return a + b;\n}\n\nfunction sub(a, b) {\n  return a - b;\n}\n";
		const failure = failed(before, [
			{
				oldText: "function sub(a, b) {\n  return a - c;\n}",
				newText: "function sub(a, b) {\n  return 0;\n}",
			},
		]);
		expect(failure.failure.reason).toBe("not_found");
		expect(failure.failure.closest).toMatchObject({ startLine: 5, endLine: 7 });
		expect(failure.failure.closest!.differences).toEqual([
			{ line: 6, actual: "  return a - b;", expected: "  return a - c;", kind: "content" },
		]);
		expect(failure.message).toContain("lines 5-7");
		expect(failure.message).toContain("6 |   return a - b;");
	});

	it("says so when lines match but their indentation does not correspond", () => {
		const failure = failed("if x:\n    a()\n    b()\n", [
			{ oldText: "if x:\n    a()\nb()", newText: "if x:\n    a()\nc()" },
		]);
		expect(failure.message).toContain("indentation");
		expect(failure.failure.closest?.startLine).toBe(1);
	});

	it("finds nothing fuzzy when fuzzy matching is off", () => {
		expect(applyEdits("a\r\nb\r\n", [{ oldText: "a\nb", newText: "c" }], { fuzzy: false }).ok).toBe(false);
	});
});

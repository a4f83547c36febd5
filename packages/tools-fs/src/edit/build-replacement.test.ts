import { describe, expect, it } from "vitest";
import { applyEdits } from "./apply-edits.js";
import { buildReplacement, preserveCharacters } from "./build-replacement.js";

const content = (before: string, oldText: string, newText: string) => {
	const result = applyEdits(before, [{ oldText, newText }]);
	if (!result.ok) throw new Error(result.message);
	return result.content;
};

describe("buildReplacement", () => {
	it("returns newText for an exact match, converted to CRLF when the file uses it", () => {
		expect(buildReplacement({ region: "a", oldText: "a", newText: "x\ny", kind: "exact", eol: "\n" })).toBe(
			"x\ny",
		);
		expect(buildReplacement({ region: "a", oldText: "a", newText: "x\ny", kind: "exact", eol: "\r\n" })).toBe(
			"x\r\ny",
		);
	});

	it("copies unchanged lines from the file, byte for byte", () => {
		const region = "  keep “this”\u00a0 \r\n  change me\r\n";
		const replacement = buildReplacement({
			region,
			oldText: '  keep "this"\n  change me\n',
			newText: '  keep "this"\n  changed\n',
			kind: "normalised",
			eol: "\r\n",
		});
		expect(replacement).toBe("  keep “this”\u00a0 \r\n  changed\r\n");
	});

	it("keeps a region's trailing line break in the file's style", () => {
		expect(content("a\r\nb = 2;\r\nc\r\n", "b = 2;\n", "b = 3;\n")).toBe("a\r\nb = 3;\r\nc\r\n");
	});

	it("deletes lines of a normalised match", () => {
		expect(content("a\r\nb\r\nc\r\nd\r\n", "b\nc\n", "")).toBe("a\r\nd\r\n");
	});

	it("appends lines after a region that ends mid-file without a line break", () => {
		expect(content("a\r\nb\r\nc\r\n", "a\nb", "a\nb\nb2")).toBe("a\r\nb\r\nb2\r\nc\r\n");
	});

	it("re-indents a line the model moved into a block, in the file's style", () => {
		const before = "\tfoo();\n\tbar();\n";
		expect(content(before, "    foo();\n    bar();", "    if (x) {\n        foo();\n    }\n    bar();")).toBe(
			"\tif (x) {\n\t\tfoo();\n\t}\n\tbar();\n",
		);
	});
});

describe("preserveCharacters", () => {
	it("keeps the file's characters around a change within a line", () => {
		expect(preserveCharacters("say(“hi”, ‘x’)", `say("hi", 'x')`, `say("hello", 'x')`)).toBe(
			"say(“hello”, ‘x’)",
		);
	});

	it("uses the model's line when the file's line differs from the old one", () => {
		expect(preserveCharacters("abc", "xyz", "new")).toBe("new");
	});
});

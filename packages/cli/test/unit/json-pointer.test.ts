import { describe, expect, it } from "vitest";
import { dottedPath } from "../../src/json-pointer.js";

describe("dottedPath", () => {
	it("turns a JSON Pointer into a dotted path, unescaping ~1 and ~0", () => {
		expect(dottedPath("/providers/local/models/0/id")).toBe("providers.local.models.0.id");
		expect(dottedPath("/a~1b/c~0d")).toBe("a/b.c~d");
		expect(dottedPath("/level")).toBe("level");
	});

	it("is empty for the root", () => {
		expect(dottedPath("")).toBe("");
	});
});

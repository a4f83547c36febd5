import { describe, expect, it } from "vitest";
import {
	expandFileReferences,
	type FileReader,
	findFileReferences,
	MAX_ATTACHED_BYTES,
} from "../../src/interactive/input/expand-file-references.js";

const files = (entries: Record<string, string | Buffer>): FileReader => ({
	read: async (path) => {
		const value = entries[path];
		return value === undefined ? undefined : Buffer.isBuffer(value) ? value : Buffer.from(value);
	},
});

describe("@path references", () => {
	it("finds references at the start or after whitespace, without sentence punctuation or emails", () => {
		expect(findFileReferences("@a.ts and @src/b.ts, also mail me@host.org")).toEqual(["a.ts", "src/b.ts"]);
	});

	it("attaches text files after the prompt", async () => {
		const result = await expandFileReferences(
			"Explain @notes.txt",
			"/work",
			files({ "/work/notes.txt": "tide at 6\n" }),
		);
		expect(result.text).toBe('Explain @notes.txt\n\n<file path="notes.txt">\ntide at 6\n\n</file>');
		expect(result.notices).toEqual(["attached @notes.txt (10 bytes)"]);
	});

	it("sends the prompt unchanged with a notice when the file is missing or binary", async () => {
		const result = await expandFileReferences(
			"Read @gone.txt and @image.png",
			"/work",
			files({ "/work/image.png": Buffer.from([0x89, 0x50, 0x00, 0x01]) }),
		);
		expect(result.text).toBe("Read @gone.txt and @image.png");
		expect(result.notices).toEqual([
			"@gone.txt: no such file — sent without it",
			"@image.png: a binary file — sent without it",
		]);
	});

	it("cuts files over the limit and says so", async () => {
		const big = "x".repeat(MAX_ATTACHED_BYTES + 10);
		const result = await expandFileReferences("@/abs/big.txt", "/work", files({ "/abs/big.txt": big }));
		expect(result.text).toContain(`[cut at ${MAX_ATTACHED_BYTES} of ${MAX_ATTACHED_BYTES + 10} bytes]`);
		expect(result.text.length).toBeLessThan(MAX_ATTACHED_BYTES + 200);
	});
});

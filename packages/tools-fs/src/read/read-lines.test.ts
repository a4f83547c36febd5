import { describe, expect, it } from "vitest";
import { encode } from "../../test/helpers.js";
import { type ReadLinesOptions, readLines } from "./read-lines.js";

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
	for (let position = 0; position < bytes.byteLength; position += size)
		yield bytes.subarray(position, position + size);
}

const defaults: ReadLinesOptions = {
	startLine: 1,
	maxLines: 100,
	maxLinesReason: "lines",
	maxBytes: 10_000,
	maxLineLength: 1000,
	lineNumbers: false,
};

/** Reads `text` with every chunk size from 1 byte up, and checks they all agree. */
async function read(text: string, options: Partial<ReadLinesOptions> = {}) {
	const bytes = encode(text);
	const results = [];
	for (const size of [1, 2, 3, 7, 64, 1 << 16])
		results.push(await readLines(chunked(bytes, size), { ...defaults, ...options }));
	for (const result of results.slice(1)) expect(result).toEqual(results[0]);
	return results[0]!;
}

describe("readLines", () => {
	it("reads every line and knows the total at the end of the file", async () => {
		expect(await read("a\nb\nc\n")).toMatchObject({
			lines: ["a", "b", "c"],
			totalLines: 3,
			firstLine: 1,
			lastLine: 3,
		});
		expect(await read("a\nb\nc")).toMatchObject({ lines: ["a", "b", "c"], totalLines: 3 });
	});

	it("drops CR of CRLF line endings and a leading BOM, and decodes UTF-8 split across chunks", async () => {
		expect((await read("\ufeffé€😀\r\nx\r\n")).lines).toEqual(["é€😀", "x"]);
	});

	it("starts at an offset without keeping the lines before it", async () => {
		expect(await read("a\nb\nc\nd\n", { startLine: 3 })).toMatchObject({
			lines: ["c", "d"],
			firstLine: 3,
			totalLines: 4,
		});
	});

	it("gives the next offset when a limit stops it before the end", async () => {
		const result = await read("a\nb\nc\n", { maxLines: 2, maxLinesReason: "limit" });
		expect(result).toMatchObject({ lines: ["a", "b"], stoppedBy: "limit", nextOffset: 3 });
		expect(result.totalLines).toBeUndefined();
	});

	it("gives no next offset when the limit ends exactly at the end of the file", async () => {
		for (const text of ["a\nb\nc\n", "a\nb\nc"]) {
			const result = await read(text, { maxLines: 3, maxLinesReason: "limit" });
			expect(result).toMatchObject({ lines: ["a", "b", "c"], totalLines: 3 });
			expect(result.nextOffset).toBeUndefined();
		}
	});

	it("stops at the byte bound at a whole line and continues at the line that did not fit", async () => {
		const result = await read("0123456789\n0123456789\n0123456789\n", { maxBytes: 25 });
		expect(result).toMatchObject({ lines: ["0123456789", "0123456789"], stoppedBy: "bytes", nextOffset: 3 });
	});

	it("shows at least one line when a single line exceeds the byte bound", async () => {
		const result = await read("abcdefghij\nk\n", { maxBytes: 8 });
		expect(result.lines).toEqual(["ab…"]);
		expect(result.nextOffset).toBe(2);
	});

	it("clips a long line, keeping only what it shows, and tells its size", async () => {
		const result = await read(`${"x".repeat(5000)}\nshort\n`, { maxLineLength: 100 });
		expect(result.lines[0]).toBe(`${"x".repeat(100)}…`);
		expect(result.lines[1]).toBe("short");
		expect(result.clippedLines).toEqual([{ line: 1, bytes: 5000 }]);
	});

	it("numbers lines when asked", async () => {
		expect((await read("a\nb\n", { startLine: 2, lineNumbers: true })).lines).toEqual(["     2\tb"]);
	});

	it("hashes the content when it saw all of it", async () => {
		expect((await read("abc")).sha256).toBe(
			"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		);
		expect((await read("a\nb\nc\n", { maxLines: 1, maxLinesReason: "limit" })).sha256).toBeUndefined();
	});

	it("reports the line count for an offset past the end", async () => {
		expect(await read("a\nb\n", { startLine: 5 })).toMatchObject({ lines: [], totalLines: 2 });
	});
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toDisplayText } from "../../src/bash/display-text.js";
import { OutputBuffer, tailStart } from "../../src/bash/output-buffer.js";
import { useTempDir } from "../helpers.js";

const bytes = (text: string) => Buffer.from(text, "utf8");

describe("tailStart", () => {
	it("keeps the last maxLines lines, a final newline ending the last line", () => {
		const kept = bytes("a\nb\nc\n");
		expect(kept.subarray(tailStart(kept, { maxLines: 2, maxBytes: 100 }, true)).toString()).toBe("b\nc\n");
		expect(kept.subarray(tailStart(kept, { maxLines: 3, maxBytes: 100 }, true)).toString()).toBe("a\nb\nc\n");
		const open = bytes("a\nb\nc");
		expect(open.subarray(tailStart(open, { maxLines: 2, maxBytes: 100 }, true)).toString()).toBe("b\nc");
	});

	it("moves a byte cut forward to the next line start", () => {
		const kept = bytes("first line\nsecond\nthird\n");
		expect(kept.subarray(tailStart(kept, { maxLines: 100, maxBytes: 10 }, true)).toString()).toBe("third\n");
		// Exactly at a line start: nothing to move.
		expect(kept.subarray(tailStart(kept, { maxLines: 100, maxBytes: 13 }, true)).toString()).toBe(
			"second\nthird\n",
		);
	});

	it("cuts a last line longer than maxBytes at a character boundary", () => {
		const kept = bytes(`x\n${"é".repeat(20)}`);
		const shown = kept.subarray(tailStart(kept, { maxLines: 100, maxBytes: 7 }, true)).toString();
		expect(shown).toBe("ééé");
	});

	it("trusts keptStartsLine when the cut falls on the first kept byte", () => {
		const kept = bytes("tail\nend\n");
		expect(kept.subarray(tailStart(kept, { maxLines: 100, maxBytes: 9 }, false)).toString()).toBe("end\n");
		expect(kept.subarray(tailStart(kept, { maxLines: 100, maxBytes: 9 }, true)).toString()).toBe(
			"tail\nend\n",
		);
	});
});

describe("OutputBuffer", () => {
	const tempDir = useTempDir();

	it("keeps a tail across chunk boundaries and saves every byte once over the limits", () => {
		const dir = tempDir();
		const buffer = new OutputBuffer({ maxLines: 1000, maxBytes: 64 }, dir);
		let all = "";
		for (let index = 0; index < 500; index += 1) {
			// Chunks that split lines and multi-byte characters.
			const chunk = bytes(`line ${index} ✓\n`);
			const middle = Math.floor(chunk.length / 2) + 1;
			buffer.append(chunk.subarray(0, middle));
			buffer.append(chunk.subarray(middle));
			all += chunk.toString();
		}
		const snapshot = buffer.snapshot();
		buffer.close();
		expect(snapshot.truncated).toBe(true);
		expect(snapshot.shownBytes).toBeLessThanOrEqual(64);
		expect(snapshot.text).toBe("line 496 ✓\nline 497 ✓\nline 498 ✓\nline 499 ✓\n");
		expect(snapshot.totalLines).toBe(500);
		expect(snapshot.totalBytes).toBe(Buffer.byteLength(all));
		expect(readFileSync(snapshot.fullOutputPath!, "utf8")).toBe(all);
	});

	it("saves the first chunk whole when it alone exceeds the limits", () => {
		const buffer = new OutputBuffer({ maxLines: 2, maxBytes: 1000 }, tempDir());
		buffer.append(bytes("1\n2\n3\n"));
		const snapshot = buffer.snapshot();
		buffer.close();
		expect(snapshot.text).toBe("2\n3\n");
		expect(readFileSync(snapshot.fullOutputPath!, "utf8")).toBe("1\n2\n3\n");
	});

	it("reports a full-output file that cannot be created and still truncates", () => {
		const buffer = new OutputBuffer({ maxLines: 1, maxBytes: 1000 }, "/nonexistent/kestrel");
		buffer.append(bytes("a\nb\n"));
		const snapshot = buffer.snapshot();
		expect(snapshot).toMatchObject({ text: "b\n", truncated: true });
		expect(snapshot.fullOutputPath).toBeUndefined();
		expect(snapshot.fullOutputError).toMatch(/ENOENT/);
	});

	it("counts a last line without a newline", () => {
		const buffer = new OutputBuffer({ maxLines: 10, maxBytes: 100 }, tempDir());
		buffer.append(bytes("a\nb"));
		expect(buffer.snapshot()).toMatchObject({ totalLines: 2, shownLines: 2, truncated: false });
	});
});

describe("toDisplayText", () => {
	it("removes escape sequences and control characters, turns CRLF into LF", () => {
		expect(toDisplayText(bytes("\x1b[32mok\x1b[0m\r\n\x1b]0;title\x07bell\x07 \x00nul\n"))).toBe(
			"ok\nbell nul\n",
		);
	});

	it("keeps the last visible text of a line rewritten with carriage returns", () => {
		expect(toDisplayText(bytes("10%\r50%\r100%\ndone\r\n"))).toBe("100%\ndone\n");
	});

	it("handles a 1 MB line ending in a carriage return", () => {
		const line = "x".repeat(1_000_000);
		expect(toDisplayText(bytes(`${line}\r`))).toBe(line);
	});
});

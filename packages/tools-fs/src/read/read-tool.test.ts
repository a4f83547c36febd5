import { createWriteStream } from "node:fs";
import * as nodePath from "node:path";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { backends, encode, run, temporaryFolder, textOf } from "../../test/helpers.js";
import { FileStateTracker } from "../file-state/file-state-tracker.js";
import { createLocalFileOperations } from "../operations/local-file-operations.js";
import { MemoryFileOperations } from "../operations/memory-file-operations.js";
import type { FileOperations } from "../types.js";
import { createReadTool } from "./read-tool.js";

/** Wraps operations to count every byte read through them. */
function countingReads(operations: FileOperations): { operations: FileOperations; bytesRead: () => number } {
	let bytes = 0;
	return {
		bytesRead: () => bytes,
		operations: {
			...operations,
			readFile: async (path, signal) => {
				const data = await operations.readFile(path, signal);
				bytes += data.byteLength;
				return data;
			},
			readStream: async function* (path, options) {
				for await (const chunk of operations.readStream(path, options)) {
					bytes += chunk.byteLength;
					yield chunk;
				}
			},
		},
	};
}

const MB = 1024 * 1024;

/** 1 MB of numbered 64-byte lines: "line 0000001 …\n". */
function megabyteOfLines(): Uint8Array {
	const lines: string[] = [];
	for (let index = 1; index <= MB / 64; index++)
		lines.push(`line ${String(index).padStart(7, "0")} `.padEnd(63, "."));
	return encode(`${lines.join("\n")}\n`);
}

function png(width: number, height: number): Uint8Array {
	const bytes = new Uint8Array(33);
	bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
	const view = new DataView(bytes.buffer);
	view.setUint32(16, width);
	view.setUint32(20, height);
	bytes.set([8, 6, 0, 0, 0], 24);
	return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
	// SOI, an APP0 segment of 16 bytes, then SOF0 with the size.
	const bytes = new Uint8Array([
		0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
		0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0xff, 0xd9,
	]);
	new DataView(bytes.buffer).setUint16(25, height);
	new DataView(bytes.buffer).setUint16(27, width);
	return bytes;
}

describe("read: a 200 MB file", () => {
	it("on disk: reads 10 lines through a chunk or two of the operations, not the whole file", async () => {
		const folder = await temporaryFolder();
		const path = nodePath.join(folder, "huge.log");
		const block = megabyteOfLines();
		const stream = createWriteStream(path);
		for (let written = 0; written < 200; written++) {
			if (!stream.write(block)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
		}
		stream.end();
		await finished(stream);

		const counted = countingReads(createLocalFileOperations());
		const tool = createReadTool(folder, { operations: counted.operations });
		const result = await run(tool, { path: "huge.log", limit: 10 });
		const lines = textOf(result).split("\n");
		expect(lines.slice(0, 10)).toEqual(
			Array.from({ length: 10 }, (_, index) => `line ${String(index + 1).padStart(7, "0")} `.padEnd(63, ".")),
		);
		expect(textOf(result)).toContain(
			"Showing lines 1-10 of a 200.0 MB file; more lines follow. Use offset=11 to continue.",
		);
		expect(result.details).toMatchObject({
			size: 200 * MB,
			startLine: 1,
			endLine: 10,
			nextOffset: 11,
			truncatedBy: "limit",
		});
		expect(counted.bytesRead()).toBeGreaterThan(0);
		expect(counted.bytesRead()).toBeLessThanOrEqual(256 * 1024);
	});

	it("in memory: the operations hand out a chunk or two", async () => {
		const block = megabyteOfLines();
		const huge = new Uint8Array(200 * MB);
		for (let offset = 0; offset < huge.byteLength; offset += block.byteLength) huge.set(block, offset);
		const operations = new MemoryFileOperations({ "/w/huge.log": huge });
		const tool = createReadTool("/w", { operations });
		const result = await run(tool, { path: "huge.log", offset: 1000, limit: 10 });
		expect(textOf(result).split("\n")[0]).toBe(`line ${String(1000).padStart(7, "0")} `.padEnd(63, "."));
		expect(result.details.nextOffset).toBe(1010);
		expect(operations.counters.bytesRead).toBeLessThanOrEqual(256 * 1024);
		expect(operations.counters.readFileCalls).toBe(0);
	});
});

describe.each(backends)("read tool on $name", ({ create }) => {
	it("clips a 50 KB single line and says how to see the rest", async () => {
		const workspace = await create({ "min.js": `${"a".repeat(50 * 1024)}` });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "min.js" });
		const [first, , note] = textOf(result).split("\n");
		expect(first).toBe(`${"a".repeat(2000)}…`);
		expect(note).toContain("Clipped to 2,000 characters: line 1 (50.0 KB)");
		expect(note).toContain("grep");
		expect(result.details).toMatchObject({ clippedLines: [1], totalLines: 1 });
	});

	it("gives continuation hints that are right at the boundaries", async () => {
		const workspace = await create({ "three.txt": "a\nb\nc\n", "open.txt": "a\nb\nc" });
		const tool = createReadTool(workspace.root, { operations: workspace.operations, maxLines: 2 });
		const exact = await run(tool, { path: "three.txt", limit: 2 });
		expect(textOf(exact)).toBe(
			"a\nb\n\n[Showing lines 1-2 of a 6 B file; more lines follow. Use offset=3 to continue.]",
		);
		const byTool = await run(tool, { path: "open.txt" });
		expect(textOf(byTool)).toBe(
			"a\nb\n\n[Showing lines 1-2 (2-line limit per read) of a 5 B file; more lines follow. Use offset=3 to continue.]",
		);
		for (const path of ["three.txt", "open.txt"]) {
			const rest = await run(tool, { path, offset: 3 });
			expect(textOf(rest)).toBe("c");
			expect(rest.details).toMatchObject({ startLine: 3, endLine: 3, totalLines: 3 });
			expect(rest.details.nextOffset).toBeUndefined();
		}
		const past = await run(tool, { path: "three.txt", offset: 4 });
		expect(past.isError).toBe(true);
		expect(textOf(past)).toBe("offset 4 is past the end of three.txt, which has 3 lines.");
	});

	it("stops at the byte bound on a whole line", async () => {
		const workspace = await create({ "ten.txt": "0123456789\n".repeat(10) });
		const tool = createReadTool(workspace.root, { operations: workspace.operations, maxBytes: 25 });
		const result = await run(tool, { path: "ten.txt" });
		expect(textOf(result)).toBe(
			"0123456789\n0123456789\n\n[Showing lines 1-2 (25 B limit per read) of a 110 B file; more lines follow. Use offset=3 to continue.]",
		);
	});

	it("describes a binary file instead of dumping it", async () => {
		const elf = new Uint8Array(64);
		elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
		const workspace = await create({ "bin/tool": elf, "data.bin": new Uint8Array([1, 2, 0, 3]) });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "bin/tool" });
		expect(textOf(result)).toBe("bin/tool is a binary file (ELF executable or library, 64 B); not shown.");
		expect(result.details).toMatchObject({ kind: "binary", mimeType: "application/x-elf" });
		expect(textOf(await run(tool, { path: "data.bin" }))).toContain("binary data");
	});

	it("returns PNG and JPEG images as image content, told by magic bytes not names", async () => {
		const workspace = await create({ "shot.dat": png(640, 480), "photo.png": jpeg(320, 200) });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { path: "shot.dat" });
		expect(result.content[1]).toEqual({
			type: "image",
			mimeType: "image/png",
			data: Buffer.from(png(640, 480)).toString("base64"),
		});
		expect(result.details).toMatchObject({ kind: "image", width: 640, height: 480, attached: true });
		const photo = await run(tool, { path: "photo.png" });
		expect(photo.content[1]).toMatchObject({ type: "image", mimeType: "image/jpeg" });
		expect(photo.details).toMatchObject({ width: 320, height: 200 });
	});

	it("describes an image over the size cap instead of attaching it", async () => {
		const workspace = await create({ "big.png": png(4000, 3000) });
		const tool = createReadTool(workspace.root, { operations: workspace.operations, maxImageBytes: 16 });
		const result = await run(tool, { path: "big.png" });
		expect(result.content).toHaveLength(1);
		expect(textOf(result)).toContain("4000x3000");
		expect(textOf(result)).toContain("larger than the 16 B that can be attached");
		expect(result.details.attached).toBe(false);
	});

	it("shows CRLF text without CRs and without the BOM", async () => {
		const workspace = await create({ "win.txt": "\ufeffone\r\ntwo\r\n" });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { path: "win.txt" }))).toBe("one\ntwo");
	});

	it("numbers lines when configured", async () => {
		const workspace = await create({ "a.txt": "x\ny\n" });
		const tool = createReadTool(workspace.root, { operations: workspace.operations, lineNumbers: true });
		expect(textOf(await run(tool, { path: "a.txt" }))).toBe("     1\tx\n     2\ty");
	});

	it("answers an empty file, a folder and a missing file clearly", async () => {
		const workspace = await create({ "empty.txt": "", "src/main.ts": "x" });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { path: "empty.txt" }))).toBe("(empty.txt is empty)");
		expect(textOf(await run(tool, { path: "src" }))).toBe("src is a folder; use ls to list it.");
		expect(textOf(await run(tool, { path: "src/mian.ts" }))).toBe(
			"src/mian.ts does not exist. Did you mean src/main.ts?",
		);
		expect(textOf(await run(tool, { path: "lib/x.ts" }))).toContain("Its folder lib does not exist either");
	});

	it("records what it read for write's stale-file check, with a hash when it saw the whole file", async () => {
		const workspace = await create({ "a.txt": "abc" });
		const fileState = new FileStateTracker();
		const tool = createReadTool(workspace.root, { operations: workspace.operations, fileState });
		await run(tool, { path: "a.txt" });
		const snapshot = fileState.get(workspace.path("a.txt"));
		expect(snapshot).toMatchObject({
			size: 3,
			sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		});
	});

	it("refuses a path outside the workspace, absolute or through a symbolic link", async () => {
		const workspace = await create({ "inside.txt": "ok", "../outside/secret.txt": "secret" });
		await workspace.symlink(workspace.path("../outside"), "outside-link");
		await workspace.symlink("../outside/secret.txt", "secret-link.txt");
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		const absolute = workspace.path("../outside/secret.txt");
		for (const path of ["../outside/secret.txt", absolute, "outside-link/secret.txt", "secret-link.txt"]) {
			const result = await run(tool, { path });
			expect(result.isError).toBe(true);
			expect(textOf(result)).toContain("outside the workspace");
		}
	});

	it("stops promptly when aborted", async () => {
		const workspace = await create({ "a.txt": "abc\n" });
		const tool = createReadTool(workspace.root, { operations: workspace.operations });
		const controller = new AbortController();
		controller.abort(new Error("stop"));
		await expect(run(tool, { path: "a.txt" }, controller.signal)).rejects.toThrow("stop");
	});
});

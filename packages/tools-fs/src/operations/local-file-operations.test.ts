import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryFolder } from "../../test/helpers.js";
import { errorCode } from "./errors.js";
import { createLocalFileOperations } from "./local-file-operations.js";

describe("createLocalFileOperations", () => {
	it("streams a file in chunks from an offset, sized to what is left", async () => {
		const folder = await temporaryFolder();
		const path = nodePath.join(folder, "f");
		await fs.writeFile(path, "x".repeat(10));
		const operations = createLocalFileOperations();
		const sizes: number[] = [];
		for await (const chunk of operations.readStream(path, { chunkSize: 4 })) sizes.push(chunk.byteLength);
		expect(sizes).toEqual([4, 4, 2]);
		const tail: number[] = [];
		for await (const chunk of operations.readStream(path, { start: 8, chunkSize: 64 }))
			tail.push(chunk.byteLength);
		expect(tail).toEqual([2]);
	});

	it("releases the file when the consumer stops early", async () => {
		const folder = await temporaryFolder();
		const path = nodePath.join(folder, "f");
		await fs.writeFile(path, "x".repeat(100));
		const operations = createLocalFileOperations();
		const openFiles = async () => (await fs.readdir("/proc/self/fd").catch(() => [])).length;
		const before = await openFiles();
		for (let round = 0; round < 50; round++) {
			for await (const _ of operations.readStream(path, { chunkSize: 10 })) break;
		}
		expect(await openFiles()).toBeLessThan(before + 10);
		await operations.remove(path);
		expect(await operations.stat(path).then(() => "exists", errorCode)).toBe("ENOENT");
	});

	it("creates files with a mode, renames over, and reports kinds", async () => {
		const folder = await temporaryFolder();
		const operations = createLocalFileOperations();
		await operations.mkdir(nodePath.join(folder, "a/b"));
		const file = nodePath.join(folder, "a/b/f");
		await operations.writeFile(`${file}.tmp`, new TextEncoder().encode("hi"), { mode: 0o600 });
		await operations.rename(`${file}.tmp`, file);
		expect(await operations.stat(file)).toMatchObject({ kind: "file", size: 2, mode: 0o600 });
		await fs.symlink("f", nodePath.join(folder, "a/b/link"));
		expect(await operations.readdir(nodePath.join(folder, "a/b"))).toEqual(
			expect.arrayContaining([
				{ name: "f", kind: "file" },
				{ name: "link", kind: "symlink" },
			]),
		);
		expect(new TextDecoder().decode(await operations.readFile(nodePath.join(folder, "a/b/link")))).toBe("hi");
	});
});

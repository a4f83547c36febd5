import { describe, expect, it } from "vitest";
import { errorCode } from "./errors.js";
import { MemoryFileOperations } from "./memory-file-operations.js";

async function collect(iterable: AsyncIterable<Uint8Array>): Promise<number[]> {
	const sizes: number[] = [];
	for await (const chunk of iterable) sizes.push(chunk.byteLength);
	return sizes;
}

describe("MemoryFileOperations", () => {
	it("stats files and folders and lists entries with their kinds", async () => {
		const operations = new MemoryFileOperations({ "/w/a.txt": "abc", "/w/src/b.ts": "" });
		operations.symlink("a.txt", "/w/link");
		expect(await operations.stat("/w/a.txt")).toMatchObject({ kind: "file", size: 3, mode: 0o644 });
		expect((await operations.stat("/w/src")).kind).toBe("directory");
		expect((await operations.lstat("/w/link")).kind).toBe("symlink");
		expect((await operations.stat("/w/link")).kind).toBe("file");
		expect((await operations.readdir("/w")).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
			{ name: "a.txt", kind: "file" },
			{ name: "link", kind: "symlink" },
			{ name: "src", kind: "directory" },
		]);
	});

	it("resolves relative and absolute symbolic links, also in the middle of a path", async () => {
		const operations = new MemoryFileOperations({ "/data/x/file": "1" });
		operations.symlink("/data/x", "/w/abs");
		operations.symlink("../data/x", "/w/rel");
		expect(await operations.realpath("/w/abs/file")).toBe("/data/x/file");
		expect(await operations.realpath("/w/rel/file")).toBe("/data/x/file");
		expect(operations.getText("/w/rel/file")).toBe("1");
	});

	it("rejects with Node-style codes", async () => {
		const operations = new MemoryFileOperations({ "/w/file": "x" });
		operations.symlink("/w/loop2", "/w/loop1");
		operations.symlink("/w/loop1", "/w/loop2");
		const code = (promise: Promise<unknown>) => promise.then(() => "ok", errorCode);
		expect(await code(operations.stat("/w/missing"))).toBe("ENOENT");
		expect(await code(operations.stat("/w/file/child"))).toBe("ENOTDIR");
		expect(await code(operations.readFile("/w"))).toBe("EISDIR");
		expect(await code(operations.realpath("/w/loop1"))).toBe("ELOOP");
		expect(await code(operations.mkdir("/w/file/sub"))).toBe("ENOTDIR");
	});

	it("streams in chunks from an offset and counts the bytes handed out", async () => {
		const operations = new MemoryFileOperations({ "/w/f": "x".repeat(10) }, { chunkSize: 4 });
		expect(await collect(operations.readStream("/w/f"))).toEqual([4, 4, 2]);
		expect(await collect(operations.readStream("/w/f", { start: 7, chunkSize: 2 }))).toEqual([2, 1]);
		expect(operations.counters.bytesRead).toBe(13);
		for await (const _ of operations.readStream("/w/f")) break;
		expect(operations.counters.bytesRead).toBe(17);
	});

	it("writes, renames over, and removes files; writes through a link to its target", async () => {
		const operations = new MemoryFileOperations({ "/w/target": "old" });
		operations.symlink("target", "/w/link");
		await operations.writeFile("/w/link", new TextEncoder().encode("via link"));
		expect(operations.getText("/w/target")).toBe("via link");
		await operations.writeFile("/w/tmp", new TextEncoder().encode("new"), { mode: 0o600 });
		await operations.rename("/w/tmp", "/w/target");
		expect(operations.getText("/w/target")).toBe("new");
		expect((await operations.stat("/w/target")).mode).toBe(0o600);
		await operations.remove("/w/target");
		expect(operations.listFiles()).toEqual(["/w/link"]);
	});

	it("gives every change a later modification time", async () => {
		const operations = new MemoryFileOperations({ "/w/f": "1" });
		const first = (await operations.stat("/w/f")).mtimeMs;
		operations.setFile("/w/f", "2");
		expect((await operations.stat("/w/f")).mtimeMs).toBeGreaterThan(first);
	});
});

import * as fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryBlobStore } from "../../src/session/blob-store.js";
import type { FsyncPolicy } from "../../src/session/index.js";
import {
	type AppendFileOperations,
	FileAppender,
	type SessionStorage,
} from "../../src/session/session-storage.js";
import { StoredSession } from "../../src/session/stored-session.js";
import { assistant, image, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

/** Real file operations that count writes and fsyncs. */
function countingOps() {
	const counts = { writes: [] as string[], fsyncs: 0 };
	const ops: AppendFileOperations = {
		openSync: fs.openSync,
		closeSync: fs.closeSync,
		writeSync: ((fd: number, buffer: Buffer, offset: number) => {
			counts.writes.push(buffer.subarray(offset).toString("utf8"));
			return fs.writeSync(fd, buffer, offset);
		}) as typeof fs.writeSync,
		fsyncSync: (fd) => {
			counts.fsyncs++;
			fs.fsyncSync(fd);
		},
		fsync: ((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
			counts.fsyncs++;
			fs.fsync(fd, callback);
		}) as typeof fs.fsync,
	};
	return { ops, counts };
}

describe("appending", () => {
	it("writes each entry as one line with one call, synchronously", async () => {
		const appends: string[] = [];
		const storage: SessionStorage = {
			append: (text) => appends.push(text),
			flush: async () => {},
			close: async () => {},
		};
		const session = new StoredSession({
			header: { type: "session", version: 2, id: "s", timestamp: "t", cwd: "/" },
			entries: [],
			entryLines: [],
			lineCount: 1,
			issues: [],
			path: "/virtual.jsonl",
			storage,
			lock: undefined,
			blobs: new MemoryBlobStore(),
			needsNewline: true,
		});
		const first = session.appendMessage(user("a", [image("z")]));
		expect(appends).toEqual([`\n${JSON.stringify(first)}\n`]);
		const second = session.appendMessage(assistant(`multi\nline\ntext ${"x".repeat(100_000)}`));
		session.setLabel(first.id, "l");
		session.branch(first.id);
		expect(appends).toHaveLength(4);
		expect(appends[1]).toBe(`${JSON.stringify(second)}\n`);
		for (const text of appends) expect(text.slice(0, -1).trim().includes("\n")).toBe(false);
	});

	it.each<[FsyncPolicy, number, number]>([
		["entry", 3, 0],
		["turn", 0, 1],
		["never", 0, 0],
	])("with fsync %s: %i fsyncs for three appends, %i more at flush", async (policy, onAppend, onFlush) => {
		const path = join(await temp.make(), "s.jsonl");
		const { ops, counts } = countingOps();
		const appender = FileAppender.create(path, "header\n", policy, ops);
		const afterCreate = counts.fsyncs;
		expect(afterCreate).toBe(policy === "never" ? 0 : 1);
		for (const line of ["a\n", "b\n", "c\n"]) appender.append(line);
		expect(counts.fsyncs - afterCreate).toBe(onAppend);
		await appender.flush();
		expect(counts.fsyncs - afterCreate).toBe(onAppend + onFlush);
		await appender.flush();
		expect(counts.fsyncs - afterCreate).toBe(onAppend + onFlush);
		await appender.close();
		expect(counts.writes).toEqual(["header\n", "a\n", "b\n", "c\n"]);
		expect(fs.readFileSync(path, "utf8")).toBe("header\na\nb\nc\n");
	});

	it("appends through an O_APPEND descriptor, after whatever else was appended", async () => {
		const path = join(await temp.make(), "s.jsonl");
		const appender = FileAppender.create(path, "1\n", "never");
		fs.appendFileSync(path, "2\n");
		appender.append("3\n");
		await appender.close();
		expect(fs.readFileSync(path, "utf8")).toBe("1\n2\n3\n");
		expect(() => FileAppender.create(path, "again\n", "never")).toThrow(/EEXIST/);
	});
});

import { createHash } from "node:crypto";
import { mkdir, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { ImageContent } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { pruneBlobs, SessionManager } from "../../src/index.js";
import { image, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();
const HOUR = 60 * 60 * 1000;

const hashOf = (picture: ImageContent) =>
	createHash("sha256").update(Buffer.from(picture.data, "base64")).digest("hex");
const blobPath = (dir: string, hash: string) => join(dir, "blobs", hash.slice(0, 2), hash);

async function blobNames(dir: string): Promise<string[]> {
	const entries = await readdir(join(dir, "blobs"), { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => entry.name)
		.sort();
}

/** Two closed sessions of one folder, each with its own image and one image shared by both. */
async function folderWithImages() {
	const dir = await temp.make();
	const manager = new SessionManager({ dir, cwd: "/p" });
	const [own1, own2, shared] = [image("one", 2_000), image("two", 3_000), image("both", 4_000)];
	const first = await manager.create();
	first.appendMessage(user("first", [own1, shared]));
	await first.close();
	const second = await manager.create();
	second.appendMessage(user("second", [own2, shared]));
	await second.close();
	return {
		dir,
		manager,
		first,
		second,
		hashes: { own1: hashOf(own1), own2: hashOf(own2), shared: hashOf(shared) },
	};
}

describe("pruning blobs", () => {
	it("removes the blobs only a deleted session used, and keeps every blob another file refers to", async () => {
		const { dir, manager, second, hashes } = await folderWithImages();
		await rm(second.path as string);
		const later = Date.now() + 2 * HOUR;

		const dry = await manager.pruneBlobs({ dryRun: true, now: later });
		expect(dry).toEqual({ removed: [hashes.own2], bytes: 3_000, kept: 2 });
		expect(await blobNames(dir)).toHaveLength(3);

		const pruned = await manager.pruneBlobs({ now: later });
		expect(pruned).toEqual({ removed: [hashes.own2], bytes: 3_000, kept: 2 });
		expect(await blobNames(dir)).toEqual([hashes.own1, hashes.shared].sort());
		// The remaining session still has all its images.
		const [first] = await manager.list();
		const reopened = temp.track(await manager.open(first?.path as string, { readOnly: true }));
		reopened.buildContext();
		expect(reopened.issues).toEqual([]);
		// The emptied two-hex folder is gone; the others stay.
		await expect(stat(join(dir, "blobs", hashes.own2.slice(0, 2)))).rejects.toThrow(/ENOENT/);
	});

	it("spares young blobs, and a reused blob becomes young again", async () => {
		const { dir, manager, first, second, hashes } = await folderWithImages();
		await rm(second.path as string);
		await rm(first.path as string);
		// Nothing refers to any blob now, but they were written just now.
		expect(await manager.pruneBlobs()).toEqual({ removed: [], bytes: 0, kept: 3 });

		// An old blob that a new append uses again is touched, so it outlives the grace period.
		const old = new Date(Date.now() - 2 * HOUR);
		for (const hash of Object.values(hashes)) await utimes(blobPath(dir, hash), old, old);
		const third = temp.track(await manager.create());
		third.appendMessage(user("again", [image("both", 4_000)]));
		await third.close();
		await rm(third.path as string);
		const pruned = await manager.pruneBlobs();
		expect(pruned.removed.sort()).toEqual([hashes.own1, hashes.own2].sort());
		expect(await blobNames(dir)).toEqual([hashes.shared]);
	});

	it("removes nothing while a live process writes a session of the folder", async () => {
		const { dir, manager, second, hashes } = await folderWithImages();
		await rm(second.path as string);
		const open = temp.track(await manager.open((await manager.list())[0]?.path as string));
		const result = await manager.pruneBlobs({ now: Date.now() + 2 * HOUR });
		expect(result.removed).toEqual([]);
		expect(result.skipped).toMatchObject({
			session: open.path,
			holder: { pid: process.pid, host: hostname() },
		});
		expect(await blobNames(dir)).toContain(hashes.own2);
		await open.close();
		expect((await manager.pruneBlobs({ now: Date.now() + 2 * HOUR })).removed).toEqual([hashes.own2]);
	});

	it("keeps blobs that a backup or any other file of the folder mentions, and clears old leftovers of interrupted writes", async () => {
		const { dir, second, hashes } = await folderWithImages();
		await rm(second.path as string);
		await writeFile(join(dir, "notes.v1.bak"), `{"blob":"sha256:${hashes.own2}"}\n`);
		const leftover = join(dir, "blobs", "ab", `${"ab".padEnd(64, "0")}.1234.tmp`);
		await mkdir(join(dir, "blobs", "ab"), { recursive: true });
		await writeFile(leftover, "half a blob");
		const old = new Date(Date.now() - 2 * HOUR);
		await utimes(leftover, old, old);

		const result = await pruneBlobs(dir, { now: Date.now() + 2 * HOUR });
		expect(result.removed).toEqual([]);
		await expect(stat(leftover)).rejects.toThrow(/ENOENT/);
		expect(await blobNames(dir)).toContain(hashes.own2);
	});

	it("does nothing for a folder without blobs, or in memory", async () => {
		const dir = await temp.make();
		expect(await pruneBlobs(dir)).toEqual({ removed: [], bytes: 0, kept: 0 });
		expect(await SessionManager.inMemory({ cwd: "/p" }).pruneBlobs()).toEqual({
			removed: [],
			bytes: 0,
			kept: 0,
		});
	});
});

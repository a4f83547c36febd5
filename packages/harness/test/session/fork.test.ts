import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { assistant, image, jsonLines, MANAGER_KINDS, reopen, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

async function blobFiles(dir: string): Promise<string[]> {
	try {
		return (await readdir(join(dir, "blobs"), { recursive: true, withFileTypes: true }))
			.filter((entry) => entry.isFile())
			.map((entry) => entry.name);
	} catch {
		return [];
	}
}

describe.each(MANAGER_KINDS)("fork (%s)", (_kind, makeManager) => {
	it("copies the path to the leaf into a new session with the same ids, labels and a parentSession", async () => {
		const manager = makeManager(await temp.make());
		const source = temp.track(await manager.create({ name: "source" }));
		const a = source.appendMessage(user("a"));
		const b = source.appendMessage(assistant("b"));
		source.appendMessage(user("abandoned"));
		source.branch(b.id);
		const c = source.appendMessage(user("c"));
		source.setLabel(a.id, "start");
		source.setLabel(b.id, "middle");

		const fork = temp.track(await manager.fork(source));
		expect(fork.id).not.toBe(source.id);
		expect(fork.header.parentSession).toEqual({
			id: source.id,
			...(source.path ? { path: source.path } : {}),
			entryId: c.id,
		});
		expect(fork.getBranch()).toEqual(source.getBranch());
		expect(fork.getEntries().filter((entry) => entry.type === "message")).toHaveLength(3);
		expect(fork.leafId).toBe(c.id);
		expect(fork.getLabel(a.id)).toBe("start");
		expect(fork.getLabel(b.id)).toBe("middle");
		expect(fork.name).toBeUndefined();

		// The fork is a session of its own: appends go to it, not to the source.
		const d = fork.appendMessage(assistant("d"));
		expect(source.getEntry(d.id)).toBeUndefined();
		await fork.close();
		const reopened = temp.track(await reopen(manager, fork, { readOnly: true }));
		expect(reopened.getBranch().map((entry) => entry.id)).toEqual([a.id, b.id, c.id, d.id]);
		expect(reopened.getLabel(b.id)).toBe("middle");
		expect(reopened.issues).toEqual([]);
	});

	it("forks at a given entry, or empty at null", async () => {
		const manager = makeManager(await temp.make());
		const source = temp.track(await manager.create());
		const a = source.appendMessage(user("a"));
		source.appendMessage(assistant("b"));
		const atA = temp.track(await manager.fork(source, a.id));
		expect(atA.getBranch().map((entry) => entry.id)).toEqual([a.id]);
		expect(atA.header.parentSession?.entryId).toBe(a.id);
		const empty = temp.track(await manager.fork(source, null));
		expect(empty.getEntries()).toEqual([]);
		expect(empty.leafId).toBeNull();
		expect(empty.header.parentSession?.entryId).toBeNull();
	});

	it("keeps the images of the forked path", async () => {
		const manager = makeManager(await temp.make());
		const source = temp.track(await manager.create());
		const picture = image("p");
		source.appendMessage(user("look", [picture]));
		const fork = temp.track(await manager.fork(source));
		expect(fork.buildContext().messages[0]).toEqual(user("look", [picture]));
	});
});

describe("fork across folders", () => {
	it("shares blobs within a folder and copies them to another", async () => {
		const [dirA, dirB] = [await temp.make(), await temp.make()];
		const managerA = new SessionManager({ dir: dirA, cwd: "/p" });
		const source = temp.track(await managerA.create());
		const picture = image("q");
		source.appendMessage(user("look", [picture]));
		temp.track(await managerA.fork(source));
		expect(await blobFiles(dirA)).toHaveLength(1);

		const forked = temp.track(await new SessionManager({ dir: dirB, cwd: "/p" }).fork(source));
		expect(await blobFiles(dirB)).toHaveLength(1);
		expect(forked.path?.startsWith(dirB)).toBe(true);
		expect(forked.buildContext().messages[0]).toEqual(user("look", [picture]));
		expect(jsonLines(await readFile(forked.path as string, "utf8"))[0]?.parentSession).toMatchObject({
			path: source.path,
		});
	});

	it("copies the blobs of an in-memory session into a folder", async () => {
		const memory = SessionManager.inMemory({ cwd: "/p" });
		const source = temp.track(await memory.create());
		const picture = image("m");
		source.appendMessage(user("look", [picture]));
		const dir = await temp.make();
		const forked = temp.track(await new SessionManager({ dir, cwd: "/p" }).fork(source));
		expect(forked.header.parentSession).toEqual({ id: source.id, entryId: source.leafId });
		expect(await blobFiles(dir)).toHaveLength(1);
		expect(forked.buildContext().messages[0]).toEqual(user("look", [picture]));
	});
});

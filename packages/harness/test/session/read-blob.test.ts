import { rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MemoryBlobStore } from "../../src/session/blob-store.js";
import { type BlobImageRef, SessionManager } from "../../src/session/index.js";
import type { StoredSession } from "../../src/session/stored-session.js";
import { image, MANAGER_KINDS, reopen, toolResult, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

/** The blob references in an entry's content, as written. */
function refsOf(content: unknown): BlobImageRef[] {
	return (content as { type: string; blob?: string }[]).filter(
		(block): block is BlobImageRef => block.type === "image" && typeof block.blob === "string",
	);
}

describe("Session.readBlob", () => {
	describe.each(MANAGER_KINDS)("%s", (_kind, makeManager) => {
		it("returns the base64 data of the references entries hold, after a reopen too", async () => {
			const manager = makeManager(await temp.make());
			const session = await manager.create();
			const first = image("r");
			const second = image("s", 10_000);
			const entry = session.appendMessage(toolResult("call_1", "two shots", [first, second]));
			const custom = session.appendCustomMessage("attachment", [second]);
			const refs = refsOf((entry.message as { content: unknown }).content);
			expect(refs.map((ref) => session.readBlob(ref))).toEqual([first.data, second.data]);
			expect(session.readBlob(refsOf(custom.content)[0] as BlobImageRef)).toBe(second.data);
			await session.close();

			const reopened = temp.track(await reopen(manager, session, { readOnly: true }));
			const [stored] = reopened.getEntries();
			const storedRefs = refsOf((stored as { message: { content: unknown } }).message.content);
			expect(storedRefs).toEqual(refs);
			expect(storedRefs.map((ref) => reopened.readBlob(ref))).toEqual([first.data, second.data]);
			expect(reopened.issues).toEqual([]);
		});

		it("returns undefined for a missing blob or a reference that is not sha256, without an issue", async () => {
			const manager = makeManager(await temp.make());
			const session = temp.track(await manager.create());
			const entry = session.appendMessage(user("look", [image("u")]));
			const [ref] = refsOf((entry.message as { content: unknown }).content) as [BlobImageRef];
			const hash = ref.blob.slice("sha256:".length);
			if (session.path === undefined) ((session as StoredSession).blobs as MemoryBlobStore).delete(hash);
			else await rm(join(dirname(session.path), "blobs", hash.slice(0, 2), hash));

			expect(session.readBlob(ref)).toBeUndefined();
			expect(session.readBlob({ ...ref, blob: `sha256:${"0".repeat(64)}` })).toBeUndefined();
			expect(session.readBlob({ ...ref, blob: "md5:abc" })).toBeUndefined();
			expect(session.readBlob({ ...ref, blob: 42 } as unknown as BlobImageRef)).toBeUndefined();
			expect(session.issues).toEqual([]);
		});
	});

	it("shares the cache of buildContext: a blob read once stays readable after the store loses it", async () => {
		const dir = await temp.make();
		const session = temp.track(await new SessionManager({ dir, cwd: "/p" }).create());
		const picture = image("k");
		const entry = session.appendMessage(user("look", [picture]));
		const [ref] = refsOf((entry.message as { content: unknown }).content) as [BlobImageRef];
		expect(session.buildContext().messages[0]).toEqual(user("look", [picture]));
		await rm(join(dir, "blobs"), { recursive: true });
		expect(session.readBlob(ref)).toBe(picture.data);
	});
});

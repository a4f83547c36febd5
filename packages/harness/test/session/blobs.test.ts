import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { image, reopen, toolResult, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

async function blobPaths(dir: string): Promise<string[]> {
	const entries = await readdir(join(dir, "blobs"), { recursive: true, withFileTypes: true });
	return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe("the blob store", () => {
	it("stores one image used in two messages once, by the SHA-256 of its bytes, and keeps the file small", async () => {
		const dir = await temp.make();
		const session = temp.track(await new SessionManager({ dir, cwd: "/p" }).create());
		const picture = image("x", 100_000);
		const asUser = session.appendMessage(user("look", [picture]));
		const asResult = session.appendMessage(toolResult("call_1", "screenshot", [picture]));
		const asCustom = session.appendCustomMessage("attachment", [picture]);

		const bytes = Buffer.from(picture.data, "base64");
		const hash = createHash("sha256").update(bytes).digest("hex");
		const ref = { type: "image", mimeType: "image/png", blob: `sha256:${hash}` };
		expect(await blobPaths(dir)).toEqual([join(dir, "blobs", hash.slice(0, 2), hash)]);
		expect((await readFile(join(dir, "blobs", hash.slice(0, 2), hash))).equals(bytes)).toBe(true);
		// Entries are returned as written: with references, not data.
		expect(asUser.message).toMatchObject({ content: [{ type: "text" }, ref] });
		expect(asResult.message).toMatchObject({ content: [{ type: "text" }, ref] });
		expect(asCustom.content).toEqual([ref]);
		expect((await stat(session.path as string)).size).toBeLessThan(3_000);

		const [first, second, third] = session.buildContext().messages;
		expect(first).toEqual(user("look", [picture]));
		expect(second).toEqual(toolResult("call_1", "screenshot", [picture]));
		expect(third?.role === "custom" && third.content).toEqual([picture]);
	});

	it("caches decoded blobs per session", async () => {
		const dir = await temp.make();
		const session = temp.track(await new SessionManager({ dir, cwd: "/p" }).create());
		const picture = image("c");
		session.appendMessage(user("look", [picture]));
		expect(session.buildContext().messages[0]).toEqual(user("look", [picture]));
		await rm(join(dir, "blobs"), { recursive: true });
		expect(session.buildContext().messages[0]).toEqual(user("look", [picture]));
		expect(session.issues).toEqual([]);
	});

	it("reports a missing blob and puts a marker in its place, without failing", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const session = await manager.create();
		const picture = image("m");
		session.appendMessage(user("first"));
		const entry = session.appendMessage(user("look", [picture]));
		await session.close();
		const [blob] = await blobPaths(dir);
		await rm(blob as string);

		const reopened = temp.track(await reopen(manager, session));
		expect(reopened.issues).toEqual([]);
		const ref = (entry.message as { content: { blob?: string }[] }).content[1]?.blob;
		for (let attempt = 0; attempt < 2; attempt++) {
			expect(reopened.buildContext().messages[1]).toEqual({
				...user("look"),
				content: [
					{ type: "text", text: "look" },
					{ type: "text", text: `[image unavailable: ${ref} is missing]` },
				],
			});
		}
		expect(reopened.issues).toEqual([
			{ line: 3, kind: "missing_blob", message: expect.stringContaining(`${ref} of entry ${entry.id}`) },
		]);
		// The session stays usable.
		reopened.appendMessage(user("go on"));
		expect(reopened.buildContext().messages).toHaveLength(3);
	});

	it("treats a blob whose bytes no longer match its hash as missing, and stores it again when it comes back", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const session = await manager.create();
		const picture = image("d");
		const entry = session.appendMessage(user("look", [picture]));
		await session.close();
		const [blob] = await blobPaths(dir);
		// Same length, other bytes: damaged on disk, or replaced.
		await writeFile(blob as string, Buffer.alloc(4096, "x"));

		const reopened = temp.track(await reopen(manager, session));
		const ref = (entry.message as { content: { blob?: string }[] }).content[1]?.blob;
		expect(reopened.buildContext().messages[0]).toEqual({
			...user("look"),
			content: [
				{ type: "text", text: "look" },
				{ type: "text", text: `[image unavailable: ${ref} is missing]` },
			],
		});
		expect(reopened.issues).toEqual([
			{ line: 2, kind: "missing_blob", message: expect.stringContaining("damaged") },
		]);
		expect(reopened.readBlob({ type: "image", blob: ref as string, mimeType: "image/png" })).toBeUndefined();

		// The same image attached again replaces the damaged file.
		reopened.appendMessage(user("again", [picture]));
		expect(await readFile(blob as string)).toEqual(Buffer.from(picture.data, "base64"));
	});

	it("keeps blobs in memory for an in-memory manager, shared by its sessions", async () => {
		const manager = SessionManager.inMemory({ cwd: "/p" });
		const session = await manager.create();
		const picture = image("i");
		const entry = session.appendMessage(user("look", [picture]));
		expect(entry.message).toMatchObject({
			content: [{}, { blob: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }],
		});
		await session.close();
		const reopened = temp.track(await reopen(manager, session));
		expect(reopened.buildContext().messages[0]).toEqual(user("look", [picture]));
	});
});

describe("hand-edited image blocks", () => {
	it("never throw: a reference that is not a sha256 string, or a null block, is left as it is", async () => {
		const { blobHashesOf, restoreImages } = await import("../../src/session/blob-content.js");
		expect(blobHashesOf([{ type: "image", blob: 42 }, null, { type: "image", blob: "sha256:xyz" }])).toEqual(
			[],
		);
		const content = [null, { type: "image", mimeType: "image/png", blob: 42 }];
		expect(restoreImages(content, () => "data")).toBe(content);
	});
});

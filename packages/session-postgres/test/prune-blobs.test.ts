import { createHash } from "node:crypto";
import type { ImageContent, UserMessage } from "@kestrel/ai";
import { SessionManager } from "@kestrel/harness";
import { afterEach, describe, expect, it } from "vitest";
import { newSchemaStore, withClient } from "./helpers.js";

const stores: ReturnType<typeof newSchemaStore>[] = [];
afterEach(async () => {
	await Promise.all(stores.splice(0).map((store) => store.dispose()));
});

function image(seed: string, size: number): ImageContent {
	return { type: "image", data: Buffer.alloc(size, seed).toString("base64"), mimeType: "image/png" };
}
const hashOf = (content: ImageContent) =>
	createHash("sha256").update(Buffer.from(content.data, "base64")).digest("hex");
const user = (text: string, images: ImageContent[]): UserMessage => ({
	role: "user",
	content: [{ type: "text", text }, ...images],
	timestamp: 1_700_000_000_000,
});

describe("pruning the Postgres store's blobs", () => {
	it("removes only the blobs no session refers to, reports them first with dryRun, and keeps the young", async () => {
		const fixture = newSchemaStore();
		stores.push(fixture);
		const manager = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		const [own1, own2, shared] = [image("one", 2_000), image("two", 3_000), image("both", 4_000)];
		const first = await manager.create();
		first.appendMessage(user("first", [own1, shared]));
		await first.close();
		const second = await manager.create();
		second.appendMessage(user("second", [own2, shared]));
		await second.close();

		// The second session is deleted, and every blob is older than the default hour.
		const schema = `"${fixture.schema}"`;
		await withClient(async (client) => {
			await client.query(`DELETE FROM ${schema}.kestrel_sessions WHERE session_id = $1`, [second.id]);
			await client.query(`UPDATE ${schema}.kestrel_blobs SET created_at = now() - interval '2 hours'`);
		});
		const blobCount = () =>
			withClient(async (client) =>
				Number((await client.query(`SELECT count(*) AS n FROM ${schema}.kestrel_blobs`)).rows[0].n),
			);

		const preview = await manager.pruneBlobs({ dryRun: true });
		expect(preview).toEqual({ removed: [hashOf(own2)], bytes: 3_000, kept: 2 });
		expect(await blobCount()).toBe(3);

		expect(await manager.pruneBlobs()).toEqual({ removed: [hashOf(own2)], bytes: 3_000, kept: 2 });
		expect(await blobCount()).toBe(2);
		const reopened = await manager.open(first.path as string);
		expect(JSON.stringify(reopened.buildContext().messages)).toContain(own1.data);
		await reopened.close();

		// An orphan younger than minAgeMs stays.
		await withClient((client) =>
			client.query(`INSERT INTO ${schema}.kestrel_blobs (hash, bytes) VALUES ($1, $2)`, [
				"f".repeat(64),
				Buffer.from("young"),
			]),
		);
		expect((await manager.pruneBlobs()).removed).toEqual([]);
		expect((await manager.pruneBlobs({ minAgeMs: 0, now: Date.now() + 1_000 })).removed).toEqual([
			"f".repeat(64),
		]);
	});

	it("removes nothing while a live writer holds a session's lock, and names it", async () => {
		const fixture = newSchemaStore();
		stores.push(fixture);
		const manager = SessionManager.withBackend(await fixture.open(), { cwd: "/work/project" });
		const writing = await manager.create();
		writing.appendMessage(user("kept open", []));
		await writing.flush();
		await withClient((client) =>
			client.query(
				`INSERT INTO "${fixture.schema}".kestrel_blobs (hash, bytes, created_at) VALUES ($1, $2, now() - interval '2 hours')`,
				["e".repeat(64), Buffer.from("orphan")],
			),
		);
		const skipped = await manager.pruneBlobs();
		expect(skipped.removed).toEqual([]);
		expect(skipped.skipped).toEqual({
			session: writing.path,
			holder: expect.objectContaining({ pid: process.pid }),
		});
		await writing.close();
		expect((await manager.pruneBlobs()).removed).toEqual(["e".repeat(64)]);
	});
});

import { createHash } from "node:crypto";
import { readdir, rm, utimes } from "node:fs/promises";
import { join } from "node:path";
import { defaultSessionDir, SessionManager } from "@kestrel/harness";
import { afterEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "./cli-fixture.js";

let fixture: CliFixture;
afterEach(async () => {
	await fixture.close();
});

const png = (seed: string) => ({
	type: "image" as const,
	mimeType: "image/png",
	data: Buffer.alloc(5_000, seed).toString("base64"),
});
const hashOf = (image: { data: string }) =>
	createHash("sha256").update(Buffer.from(image.data, "base64")).digest("hex");

describe("kestrel --prune-blobs", () => {
	it("removes the images only deleted sessions used, keeps the rest, and refuses while a session is open", async () => {
		fixture = await createCliFixture();
		const dir = defaultSessionDir(fixture.cwd, fixture.kestrelHome);
		const manager = new SessionManager({ dir, cwd: fixture.cwd });
		const [kept, dropped] = [png("k"), png("d")];
		const keep = await manager.create();
		keep.appendMessage({ role: "user", content: [{ type: "text", text: "keep" }, kept], timestamp: 1 });
		await keep.close();
		const drop = await manager.create();
		drop.appendMessage({ role: "user", content: [{ type: "text", text: "drop" }, dropped], timestamp: 1 });
		await drop.close();
		await rm(drop.path as string);
		// Written two hours ago: past the grace period for blobs not yet referred to.
		const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
		for (const image of [kept, dropped]) {
			const hash = hashOf(image);
			await utimes(join(dir, "blobs", hash.slice(0, 2), hash), old, old);
		}

		const open = await manager.open(keep.path as string);
		const refused = await fixture.run(["--prune-blobs"]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain(`Nothing removed: ${keep.path} is open by pid ${process.pid}`);
		await open.close();

		const pruned = await fixture.run(["--prune-blobs"]);
		expect(pruned).toMatchObject({ code: 0, stderr: "" });
		expect(pruned.stdout).toBe(`Removed 1 unused image blob (4.9 KiB) from ${dir}; kept 1.\n`);
		const left = await readdir(join(dir, "blobs"), { recursive: true });
		expect(left).toContain(join(hashOf(kept).slice(0, 2), hashOf(kept)));
		expect(left.join()).not.toContain(hashOf(dropped));
	});
});

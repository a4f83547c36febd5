import { copyFile, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { FIXTURES, useTempDirs } from "./helpers.js";

/** When set, writes through a file handle stop half-way with ENOSPC, as on a full disk. */
const disk = vi.hoisted(() => ({ full: false }));

vi.mock("node:fs/promises", async (importOriginal) => {
	const actual = await importOriginal<typeof import("node:fs/promises")>();
	const open: typeof actual.open = async (...args) => {
		const handle = await actual.open(...args);
		const writeFile = handle.writeFile.bind(handle);
		handle.writeFile = (async (data: string | Uint8Array) => {
			if (!disk.full) return writeFile(data);
			const bytes = Buffer.from(data);
			await writeFile(bytes.subarray(0, bytes.length >> 1));
			throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
				code: "ENOSPC",
				errno: -28,
				syscall: "write",
			});
		}) as typeof handle.writeFile;
		return handle;
	};
	return { ...actual, open, default: { ...actual, open } };
});

const temp = useTempDirs();

afterEach(() => {
	disk.full = false;
});

describe("migrating version 1 on a full disk", () => {
	it("fails saying the migration failed, leaves the file as it was and nothing beside it", async () => {
		const dir = await temp.make();
		const path = join(dir, "v1.jsonl");
		await copyFile(join(FIXTURES, "v1.jsonl"), path);
		const before = await readFile(path);
		const manager = new SessionManager({ dir, cwd: "/work/legacy" });

		disk.full = true;
		await expect(manager.open(path)).rejects.toThrow(
			`Migrating ${path} from session format version 1 to 2 failed, and the file is unchanged: ENOSPC`,
		);
		expect(await readdir(dir)).toEqual(["v1.jsonl"]);
		expect(await readFile(path)).toEqual(before);

		// With space again, the same file migrates.
		disk.full = false;
		const session = temp.track(await manager.open(path));
		expect(session.header.version).toBe(2);
		expect((await readdir(dir)).sort()).toEqual(["v1.jsonl", "v1.jsonl.lock", "v1.jsonl.v1.bak"]);
	});
});

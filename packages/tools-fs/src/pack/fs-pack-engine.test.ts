import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFsTools } from "../fs-tools.js";
import { createLocalFileOperations } from "../operations/local-file-operations.js";

let root: string | undefined;
afterEach(async () => {
	if (root) await rm(root, { recursive: true, force: true });
	root = undefined;
});

async function searchWith(options: Parameters<typeof createFsTools>[1]) {
	root = await mkdtemp(join(tmpdir(), "kestrel-fs-engine-"));
	await writeFile(join(root, "a.txt"), "tide at 6\n");
	const tools = createFsTools(root, options);
	const result = await tools.grep.execute("g1", { pattern: "tide" }, new AbortController().signal, () => {});
	return result.details;
}

describe("createFsTools' grep engine", () => {
	it("searches folders with ripgrep when the tools' files are the local disk it made", async () => {
		expect((await searchWith({}))?.engine).toBe("ripgrep");
	});

	it("keeps the JavaScript engine for operations the caller gives (they may not be the disk rg reads)", async () => {
		expect((await searchWith({ operations: createLocalFileOperations() }))?.engine).toBe("javascript");
	});

	it("lets the caller choose", async () => {
		expect((await searchWith({ grep: { engine: "javascript" } }))?.engine).toBe("javascript");
	});
});

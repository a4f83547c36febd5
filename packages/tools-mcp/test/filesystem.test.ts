import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FILESYSTEM_SERVER, NODE, textOf, usePacks, useTempDir } from "./helpers.js";

describe("@modelcontextprotocol/server-filesystem in a temporary folder", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("reads and lists files as read tools, and writes with an execute tool", async () => {
		const root = tempDir();
		writeFileSync(join(root, "notes.txt"), "first line\nsecond line\n");
		const { tool, call } = await startPack({ files: { command: NODE, args: [FILESYSTEM_SERVER, root] } });
		expect(tool("mcp__files__read_text_file").effects).toEqual({ kind: "read", openWorld: false });
		expect(tool("mcp__files__write_file").effects).toEqual({
			kind: "execute",
			openWorld: false,
			destructive: true,
		});
		expect(tool("mcp__files__create_directory").effects).toMatchObject({
			kind: "execute",
			destructive: false,
		});
		expect(textOf(await call("mcp__files__read_text_file", { path: join(root, "notes.txt") }))).toContain(
			"second line",
		);
		const written = await call("mcp__files__write_file", {
			path: join(root, "out.txt"),
			content: "from mcp",
		});
		expect(written.isError).toBeUndefined();
		expect(readFileSync(join(root, "out.txt"), "utf8")).toBe("from mcp");
		const listing = textOf(await call("mcp__files__list_directory", { path: root }));
		expect(listing).toContain("notes.txt");
		expect(listing).toContain("out.txt");
		const outside = await call("mcp__files__read_text_file", { path: "/etc/hostname" });
		expect(outside.isError).toBe(true);
	});
});

import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyEditor, withText } from "../../src/interactive/input/editor-state.js";
import { completePath, pathToken, readPathEntries } from "../../src/interactive/input/path-completion.js";
import { tabCommand, tabPath } from "../../src/interactive/input/tab-completion.js";

const entries = [
	{ name: "src", directory: true },
	{ name: "scripts", directory: true },
	{ name: "README.md", directory: false },
	{ name: "readme-old.md", directory: false },
	{ name: ".env", directory: false },
];

describe("@path completion", () => {
	it("finds the @path before the cursor, at the start or after a space", () => {
		expect(pathToken("look at @src/ma", 15)).toEqual({ start: 8, path: "src/ma" });
		expect(pathToken("@", 1)).toEqual({ start: 0, path: "" });
		expect(pathToken("mail me@example", 15)).toBeUndefined();
		expect(pathToken("@src and more", 13)).toBeUndefined();
	});

	it("completes one fitting entry whole: a folder with a slash, a file with a space", () => {
		expect(completePath("sr", entries)).toEqual({ path: "src/", matches: ["src/"] });
		expect(completePath("READ", entries)).toEqual({ path: "README.md ", matches: ["README.md"] });
		expect(completePath("lib/x", [{ name: "x.ts", directory: false }])).toEqual({
			path: "lib/x.ts ",
			matches: ["x.ts"],
		});
	});

	it("completes to the shared prefix and lists the names when several fit; hidden ones only after a dot", () => {
		expect(completePath("s", entries)).toEqual({ path: "s", matches: ["scripts/", "src/"] });
		expect(completePath("", entries)?.matches).not.toContain(".env");
		expect(completePath(".", entries)).toEqual({ path: ".env ", matches: [".env"] });
		expect(completePath("zz", entries)).toBeUndefined();
	});
});

describe("readPathEntries", () => {
	let root: string;
	beforeEach(async () => {
		root = await mkdtemp(join(tmpdir(), "kestrel-paths-"));
	});
	afterEach(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("reads a folder's entries, a link to a folder counting as a folder; a missing folder is empty", async () => {
		await mkdir(join(root, "docs"));
		await writeFile(join(root, "docs", "tides.md"), "tides");
		await symlink(join(root, "docs"), join(root, "linked"));
		const read = await readPathEntries(root, "");
		expect(read.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
			{ name: "docs", directory: true },
			{ name: "linked", directory: true },
		]);
		expect(await readPathEntries(root, "docs/")).toEqual([{ name: "tides.md", directory: false }]);
		expect(await readPathEntries(root, "missing/")).toEqual([]);
	});
});

describe("Tab in the editor", () => {
	it("completes the @path before the cursor and keeps the text after it", async () => {
		const editor = { ...withText(emptyEditor(), "read @tid and more"), cursor: 9 };
		const result = await tabPath(editor, async (folder) =>
			folder === "" ? [{ name: "tide-tables", directory: true }] : [],
		);
		expect(result?.editor).toMatchObject({ text: "read @tide-tables/ and more", cursor: 18 });
		expect(await tabPath(withText(emptyEditor(), "read @zz"), async () => [])).toMatchObject({
			hint: "Nothing in this folder starts with that.",
		});
		expect(await tabPath(withText(emptyEditor(), "no path"), async () => [])).toBeUndefined();
	});

	it("completes a command name, or lists the names that fit", () => {
		expect(tabCommand(withText(emptyEditor(), "/exp"), ["export", "new"])?.editor.text).toBe("/export ");
		expect(tabCommand(withText(emptyEditor(), "/m"), ["model", "mcp"])).toMatchObject({
			editor: { text: "/m" },
			hint: "/mcp  /model",
		});
	});
});

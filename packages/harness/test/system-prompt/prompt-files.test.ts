import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadPromptFiles } from "../../src/system-prompt/index.js";
import { createTempTree, type TempTree } from "./temp-tree.js";

let tree: TempTree;
beforeEach(async () => {
	tree = await createTempTree();
});
afterEach(async () => {
	await tree.remove();
});

describe("loadPromptFiles", () => {
	it("prefers the project's SYSTEM.md over the global one", async () => {
		await tree.write("home/SYSTEM.md", "global system");
		await tree.write("project/.kestrel/SYSTEM.md", "project system");
		const files = await loadPromptFiles({ cwd: tree.path("project"), globalDir: tree.path("home") });
		expect(files.customPrompt).toBe("project system");
	});

	it("uses the global SYSTEM.md when the project has none", async () => {
		await tree.write("home/SYSTEM.md", "global system");
		const files = await loadPromptFiles({ cwd: await tree.mkdir("project"), globalDir: tree.path("home") });
		expect(files.customPrompt).toBe("global system");
	});

	it("uses both APPEND_SYSTEM.md files, global first", async () => {
		await tree.write("home/APPEND_SYSTEM.md", "global append");
		await tree.write("project/.kestrel/APPEND_SYSTEM.md", "project append");
		const files = await loadPromptFiles({ cwd: tree.path("project"), globalDir: tree.path("home") });
		expect(files).toEqual({ appendPrompts: ["global append", "project append"] });
	});

	it("finds nothing in empty folders", async () => {
		const files = await loadPromptFiles({ cwd: await tree.mkdir("project"), globalDir: tree.path("home") });
		expect(files).toEqual({ appendPrompts: [] });
	});
});

import { readFile, rm, stat, utimes } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSystemPromptSource, type PromptFileOperations } from "../../src/system-prompt/index.js";
import { createTempTree, type TempTree } from "./temp-tree.js";

let tree: TempTree;
beforeEach(async () => {
	tree = await createTempTree();
	await tree.mkdir("repo/.git");
});
afterEach(async () => {
	await tree.remove();
});

const tools = [{ name: "read", description: "Read a file." }];
const now = () => new Date(2025, 5, 1, 23, 59);

/** Node's calls, with the reads counted per path. */
function countingOperations(): PromptFileOperations & { reads: string[] } {
	const reads: string[] = [];
	return {
		reads,
		stat: (path) => stat(path),
		readFile: (path, encoding) => {
			reads.push(path);
			return readFile(path, encoding);
		},
	};
}

describe("createSystemPromptSource", () => {
	it("builds from the context files, with the local date and the cwd last", async () => {
		await tree.write("repo/AGENTS.md", "Use tabs.");
		const cwd = await tree.mkdir("repo/pkg");
		const source = createSystemPromptSource({ cwd, globalDir: tree.path("home"), now });
		const prompt = await source.build(tools);
		expect(prompt).toContain(`## ${tree.path("repo/AGENTS.md")}\n\nUse tabs.`);
		expect(prompt).toContain("- read: Read a file.");
		expect(prompt.endsWith(`Current date: 2025-06-01\nCurrent working directory: ${cwd}`)).toBe(true);
	});

	it("lists the fixed guidelines, then those build receives with the tools", async () => {
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			guidelines: ["Fixed rule."],
			now,
		});
		const prompt = await source.build(tools, ["Use read before editing.", "Fixed rule."]);
		const lines = prompt.split("\n");
		const fixed = lines.indexOf("- Fixed rule.");
		expect(fixed).toBeGreaterThan(0);
		expect(lines.indexOf("- Use read before editing.")).toBe(fixed + 1);
		expect(lines.filter((line) => line === "- Fixed rule.")).toHaveLength(1);
		expect(await source.build(tools)).not.toContain("Use read before editing.");
	});

	it("lets SYSTEM.md replace the base prompt and APPEND_SYSTEM.md extend it, before the caller's append", async () => {
		await tree.write("repo/.kestrel/SYSTEM.md", "Project system prompt.");
		await tree.write("home/APPEND_SYSTEM.md", "Global append.");
		await tree.write("repo/.kestrel/APPEND_SYSTEM.md", "Project append.");
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			append: ["Caller append."],
			now,
		});
		const prompt = await source.build(tools);
		expect(
			prompt.startsWith("Project system prompt.\n\nGlobal append.\n\nProject append.\n\nCaller append."),
		).toBe(true);
		expect(prompt).not.toContain("You are Kestrel");
	});

	it("lets an explicit custom prompt win over SYSTEM.md, which is then not read", async () => {
		const systemFile = await tree.write("repo/.kestrel/SYSTEM.md", "From the file.");
		const operations = countingOperations();
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			customPrompt: "From the command line.",
			operations,
			now,
		});
		const prompt = await source.build(tools);
		expect(prompt.startsWith("From the command line.")).toBe(true);
		expect(prompt).not.toContain("From the file.");
		expect(operations.reads).not.toContain(systemFile);
	});

	it("passes the tool-pack guidelines to the base prompt", async () => {
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			guidelines: ["Prefer edit over write."],
			now,
		});
		expect(await source.build(tools)).toContain("\n- Prefer edit over write.");
	});

	it("loads no context files when they are turned off", async () => {
		await tree.write("repo/AGENTS.md", "Use tabs.");
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			contextFiles: false,
			now,
		});
		expect(await source.build(tools)).not.toContain("Use tabs.");
	});

	it("builds byte-identical prompts while nothing changes, reading each file once", async () => {
		const agents = await tree.write("repo/AGENTS.md", "Use tabs.");
		const append = await tree.write("home/APPEND_SYSTEM.md", "Be brief.");
		const operations = countingOperations();
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			operations,
			now,
		});
		const first = await source.build(tools);
		const second = await source.build(tools);
		expect(second).toBe(first);
		expect(operations.reads.filter((path) => path === agents)).toHaveLength(1);
		expect(operations.reads.filter((path) => path === append)).toHaveLength(1);
		expect(operations.reads).toHaveLength(2);
	});

	it("picks up a changed context file on the next build", async () => {
		const agents = await tree.write("repo/AGENTS.md", "Use tabs.");
		const operations = countingOperations();
		const source = createSystemPromptSource({
			cwd: tree.path("repo"),
			globalDir: tree.path("home"),
			operations,
			now,
		});
		expect(await source.build(tools)).toContain("Use tabs.");

		// Same size, so only the modification time tells the change apart.
		await tree.write("repo/AGENTS.md", "Use 4sp.");
		const later = new Date(Date.now() + 10_000);
		await utimes(agents, later, later);
		const prompt = await source.build(tools);
		expect(prompt).toContain("Use 4sp.");
		expect(prompt).not.toContain("Use tabs.");
		expect(operations.reads.filter((path) => path === agents)).toHaveLength(2);
	});

	it("picks up a new context file and drops a deleted one", async () => {
		const source = createSystemPromptSource({ cwd: tree.path("repo"), globalDir: tree.path("home"), now });
		expect(await source.build(tools)).not.toContain("# Project context");
		const claude = await tree.write("repo/CLAUDE.md", "New rules.");
		expect(await source.build(tools)).toContain("New rules.");
		await tree.write("repo/AGENTS.md", "Agents rules.");
		const withAgents = await source.build(tools);
		expect(withAgents).toContain("Agents rules.");
		expect(withAgents).not.toContain("New rules.");
		await rm(tree.path("repo/AGENTS.md"));
		await rm(claude);
		expect(await source.build(tools)).not.toContain("# Project context");
	});
});

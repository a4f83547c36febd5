import { describe, expect, it } from "vitest";
import { backends, run, textOf } from "../../test/helpers.js";
import { createFindTool } from "./find-tool.js";

describe.each(backends)("find tool on $name", ({ create }) => {
	const files = {
		".gitignore": "dist/\n",
		".github/workflows/ci.yml": "",
		"dist/index.js": "",
		"src/index.ts": "",
		"src/util/strings.ts": "",
		"src/util/strings.test.ts": "",
		"test/e2e.test.ts": "",
		"README.md": "",
	};

	it("matches names at any depth, sorted, with paths from the workspace root", async () => {
		const workspace = await create(files);
		const tool = createFindTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { pattern: "*.ts" });
		expect(textOf(result)).toBe(
			"src/index.ts\nsrc/util/strings.test.ts\nsrc/util/strings.ts\ntest/e2e.test.ts",
		);
		expect(result.details.limitReached).toBe(false);
	});

	it("matches paths below the searched folder when the pattern has a /", async () => {
		const workspace = await create(files);
		const tool = createFindTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { pattern: "util/*.test.ts", path: "src" }))).toBe(
			"src/util/strings.test.ts",
		);
		expect(textOf(await run(tool, { pattern: "**/*.yml" }))).toBe(".github/workflows/ci.yml");
		expect(textOf(await run(tool, { pattern: "util" }))).toBe("src/util/");
	});

	it("skips what .gitignore ignores and says so when nothing matches", async () => {
		const workspace = await create(files);
		const tool = createFindTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { pattern: "*.js" });
		expect(textOf(result)).toBe(
			'No files match "*.js" in the workspace (files ignored by .gitignore are not searched).',
		);
	});

	it("stops at the limit with a flag and a hint", async () => {
		const workspace = await create(files);
		const tool = createFindTool(workspace.root, { operations: workspace.operations });
		const result = await run(tool, { pattern: "*.ts", limit: 2 });
		expect(textOf(result)).toBe(
			"src/index.ts\nsrc/util/strings.test.ts\n\n[2 results limit reached. Use limit=4 for more, or a narrower pattern or path.]",
		);
		expect(result.details).toMatchObject({
			limitReached: true,
			matches: ["src/index.ts", "src/util/strings.test.ts"],
		});
	});

	it("refuses to search outside the workspace", async () => {
		const workspace = await create(files);
		const tool = createFindTool(workspace.root, { operations: workspace.operations });
		expect(textOf(await run(tool, { pattern: "*", path: "/" }))).toContain("outside the workspace");
	});
});

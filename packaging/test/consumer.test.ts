import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { WORKSPACE } from "./support/consumer-app.js";
import { childEnv, node22, output, run } from "./support/processes.js";

const { app, cliApp } = inject("packaging");

/** The workspace's TypeScript compiler (TypeScript 7's `exports` hide `bin/tsc`). */
function tsc(): string {
	const manifest = createRequire(join(WORKSPACE, "package.json")).resolve("typescript/package.json");
	const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { tsc: string } };
	return join(dirname(manifest), bin.tsc);
}

describe("type-checking the consumer programs (skipLibCheck off: every declaration file is checked)", () => {
	it.concurrent.each(["node16", "bundler"])("passes under %s module resolution", async (resolution) => {
		const result = await run(process.execPath, [tsc(), "-p", `tsconfig.${resolution}.json`], { cwd: app });
		expect(output(result), "tsc found errors").toBe("");
		expect(result.code).toBe(0);
	});
});

const programs = [
	{ file: "ai-anthropic.ts", shows: "@kestrel/ai with only @anthropic-ai/sdk installed" },
	{ file: "ai-agent-core.ts", shows: "@kestrel/ai with @kestrel/agent-core" },
	{ file: "harness.ts", shows: "@kestrel/harness" },
	{ file: "tools-fs.ts", shows: "@kestrel/tools-fs" },
	{ file: "tools-shell.ts", shows: "@kestrel/tools-shell" },
];
const kestrelBin = join(cliApp, "node_modules/.bin/kestrel");

const runtimes = [
	{
		label: `Node ${process.versions.node}`,
		major: process.versions.node.split(".")[0],
		node: () => process.execPath,
	},
	{ label: "Node 22", major: "22", node: node22 },
];

describe.each(runtimes)("running the installed packages on $label", ({ major, node }) => {
	it(`runs Node ${major}`, async () => {
		const result = await run(node(), ["-p", "process.versions.node"], { cwd: app });
		expect(result.stdout.split(".")[0]).toBe(major);
	});

	it.concurrent.each(programs)("$shows: $file runs", async ({ file }) => {
		const result = await run(node(), [file], { cwd: app, env: childEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toMatch(/: ok\n$/);
	});

	it.concurrent("require() loads every library entry from a CommonJS file", async () => {
		const result = await run(node(), ["require-all.cjs"], { cwd: app, env: childEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toBe("require: ok\n");
	});

	it.concurrent("the kestrel bin prints its version and answers in print mode", async () => {
		const result = await run(node(), ["cli.ts", kestrelBin], { cwd: app, env: childEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toBe("cli: ok\n");
	});
});

describe("what gets installed", () => {
	/** The package folders pnpm installed under `folder`, like `typebox@file+…`. */
	const installed = (folder: string) =>
		readdirSync(join(folder, "node_modules/.pnpm")).filter((entry) => entry.includes("@"));

	it("@kestrel/ai pulls in no provider SDK the app did not ask for", () => {
		const packages = installed(app);
		expect(packages.filter((entry) => /^(openai|@google\+genai)@/.test(entry))).toEqual([]);
		expect(packages.some((entry) => entry.startsWith("@anthropic-ai+sdk@"))).toBe(true);
	});

	it("@kestrel/cli installs nothing but itself: its bundle carries what it runs", () => {
		expect(installed(cliApp).map((entry) => entry.split("@file")[0])).toEqual(["@kestrel+cli"]);
		const manifest = JSON.parse(readFileSync(join(cliApp, "node_modules/@kestrel/cli/package.json"), "utf8"));
		expect(manifest.dependencies ?? {}).toEqual({});
	});
});

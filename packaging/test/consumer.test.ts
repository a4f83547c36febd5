import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { BEDROCK, TOOLS_MCP, WORKSPACE } from "./support/consumer-app.js";
import { childEnv, node22, output, run } from "./support/processes.js";

const { app, cliApp, bedrockApp, mcpApp } = inject("packaging");

/** The workspace's TypeScript compiler (TypeScript 7's `exports` hide `bin/tsc`). */
function tsc(): string {
	const manifest = createRequire(join(WORKSPACE, "package.json")).resolve("typescript/package.json");
	const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { tsc: string } };
	return join(dirname(manifest), bin.tsc);
}

/**
 * Type-checks the programs of `folder` with its `tsconfig.<resolution>.json`. Single
 * threaded: four of these run at once, and TypeScript 7's parallel checkers each check
 * the shared declarations again (twice the CPU time, on a 2-core machine three times the
 * wall time).
 */
function typecheck(folder: string, resolution: string) {
	return run(process.execPath, [tsc(), "-p", `tsconfig.${resolution}.json`, "--singleThreaded"], {
		cwd: folder,
	});
}

describe("type-checking the consumer programs (skipLibCheck off: every declaration file is checked)", () => {
	it.concurrent.each(["node16", "bundler"])("passes under %s module resolution", async (resolution) => {
		const result = await typecheck(app, resolution);
		expect(output(result), "tsc found errors").toBe("");
		expect(result.code).toBe(0);
	});

	it.concurrent.each(["node16", "bundler"])(
		`${BEDROCK} (the AWS SDK's declarations from the app's install, its compat flags on Model) passes under %s module resolution`,
		async (resolution) => {
			const result = await typecheck(bedrockApp, resolution);
			expect(output(result), "tsc found errors").toBe("");
			expect(result.code).toBe(0);
		},
	);

	it.concurrent.each(["node16", "bundler"])(
		`${TOOLS_MCP} (the MCP SDK's declarations it reaches, from the app's install) passes under %s module resolution`,
		async (resolution) => {
			const result = await typecheck(mcpApp, resolution);
			expect(output(result), "tsc found errors").toBe("");
			expect(result.code).toBe(0);
		},
	);
});

const programs = [
	{ file: "ai-anthropic.ts", shows: "@kestrel/ai with only @anthropic-ai/sdk installed" },
	{ file: "ai-agent-core.ts", shows: "@kestrel/ai with @kestrel/agent-core" },
	{ file: "harness.ts", shows: "@kestrel/harness" },
	{ file: "tools-fs.ts", shows: "@kestrel/tools-fs" },
	{ file: "tools-shell.ts", shows: "@kestrel/tools-shell" },
];
const kestrelBin = join(cliApp, "node_modules/.bin/kestrel");

/**
 * Made-up static AWS credentials and a region, as a user has them in the environment;
 * the rest of the AWS configuration a machine may have is left out, and the shared
 * config files point nowhere, so the credential chain reads only these.
 */
function awsEnv(): NodeJS.ProcessEnv {
	const env = childEnv({
		AWS_ACCESS_KEY_ID: "AKIDKESTRELCONSUMER",
		AWS_SECRET_ACCESS_KEY: "made-up-secret-for-the-loopback-server",
		AWS_REGION: "eu-west-3",
		AWS_CONFIG_FILE: join(bedrockApp, "no-aws-config"),
		AWS_SHARED_CREDENTIALS_FILE: join(bedrockApp, "no-aws-credentials"),
		AWS_EC2_METADATA_DISABLED: "true",
	});
	for (const name of ["AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK", "AWS_DEFAULT_REGION"])
		delete env[name];
	return env;
}

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

	it.concurrent(`${BEDROCK}: provider-bedrock.ts streams through the AWS SDK, signed with the environment's keys`, async () => {
		const result = await run(node(), ["provider-bedrock.ts"], { cwd: bedrockApp, env: awsEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toBe("provider-bedrock: ok\n");
	});

	it.concurrent(`${BEDROCK}: require() loads its entries from a CommonJS file`, async () => {
		const result = await run(node(), ["provider-bedrock-require.cjs"], { cwd: bedrockApp, env: childEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toBe("require: ok\n");
	});

	it.concurrent(`${TOOLS_MCP}: tools-mcp.ts starts its own stdio MCP server through the pack and calls its tool`, async () => {
		const result = await run(node(), ["tools-mcp.ts"], { cwd: mcpApp, env: childEnv() });
		expect(result.code, output(result)).toBe(0);
		expect(result.stdout).toBe("tools-mcp: ok\n");
	});

	it.concurrent(`${TOOLS_MCP}: require() loads it and agent-core from a CommonJS file`, async () => {
		const result = await run(node(), ["tools-mcp-require.cjs"], { cwd: mcpApp, env: childEnv() });
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

	it(`${BEDROCK} brings the AWS SDK and @kestrel/ai alone of Kestrel; no provider SDK of @kestrel/ai`, () => {
		const packages = installed(bedrockApp);
		expect(
			packages.filter((entry) => entry.startsWith("@kestrel+")).map((entry) => entry.split("@file")[0]),
		).toEqual(["@kestrel+ai", "@kestrel+provider-bedrock"]);
		expect(packages.some((entry) => entry.startsWith("@aws-sdk+client-bedrock-runtime@"))).toBe(true);
		expect(packages.filter((entry) => /^(openai|@google\+genai|@anthropic-ai\+sdk)@/.test(entry))).toEqual(
			[],
		);
	});

	it(`${TOOLS_MCP} brings agent-core and @kestrel/ai, but not the harness, the CLI or the file tools; one MCP SDK`, () => {
		const packages = installed(mcpApp);
		const kestrel = packages
			.filter((entry) => entry.startsWith("@kestrel+"))
			.map((entry) => entry.split("@file")[0]);
		expect(kestrel).toEqual(
			expect.arrayContaining(["@kestrel+agent-core", "@kestrel+ai", "@kestrel+tools-mcp"]),
		);
		expect(
			kestrel.filter((entry) => /^@kestrel\+(harness|cli|tools-fs|provider-)/.test(entry ?? "")),
		).toEqual([]);
		expect(packages.filter((entry) => entry.startsWith("@modelcontextprotocol+sdk@")).length).toBe(1);
		expect(packages.filter((entry) => /^(openai|@google\+genai|@anthropic-ai\+sdk)@/.test(entry))).toEqual(
			[],
		);
	});

	it.each([
		{ label: "the libraries' app", folder: () => app },
		{ label: `the ${BEDROCK} app`, folder: () => bedrockApp },
		{ label: `the ${TOOLS_MCP} app`, folder: () => mcpApp },
	])(
		"in $label, every third-party package depends on the very versions the workspace gave it",
		({ folder }) => {
			const inWorkspace = new Map<string, Record<string, string>[]>();
			for (const { id, dependencies } of resolvedDependencies(WORKSPACE)) {
				inWorkspace.set(id, [...(inWorkspace.get(id) ?? []), dependencies]);
			}
			const differing: string[] = [];
			let checked = 0;
			for (const { id, dependencies } of resolvedDependencies(folder())) {
				if (id.startsWith("@kestrel/")) continue;
				const variants = inWorkspace.get(id);
				if (!variants) {
					differing.push(`${id} is not installed in the workspace`);
					continue;
				}
				const same = variants.some((workspace) =>
					Object.entries(dependencies).every(([name, version]) => workspace[name] === version),
				);
				if (!same)
					differing.push(
						`${id} -> ${JSON.stringify(dependencies)}; the workspace: ${JSON.stringify(variants)}`,
					);
				checked += 1;
			}
			expect(differing).toEqual([]);
			expect(checked).toBeGreaterThan(5);
		},
	);

	it("@kestrel/cli installs nothing but itself: its bundle carries what it runs", () => {
		expect(installed(cliApp).map((entry) => entry.split("@file")[0])).toEqual(["@kestrel+cli"]);
		const manifest = JSON.parse(readFileSync(join(cliApp, "node_modules/@kestrel/cli/package.json"), "utf8"));
		expect(manifest.dependencies ?? {}).toEqual({});
	});
});

/**
 * Each package of a pnpm install under `root` (`node_modules/.pnpm/<id>/node_modules/`
 * holds the package, and links to what it depends on): its `name@version`, and the
 * version of each package it was linked to.
 */
function resolvedDependencies(root: string): { id: string; dependencies: Record<string, string> }[] {
	const store = join(root, "node_modules/.pnpm");
	const versionOf = (folder: string) => {
		const { name, version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
		return { name: name as string, version: version as string };
	};
	const found: { id: string; dependencies: Record<string, string> }[] = [];
	for (const entry of readdirSync(store)) {
		const modules = join(store, entry, "node_modules");
		let names: string[];
		try {
			names = readdirSync(modules)
				.filter((name) => name !== ".bin")
				.flatMap((name) =>
					name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
				);
		} catch {
			continue;
		}
		const own = names.find((name) => !lstatSync(join(modules, name)).isSymbolicLink());
		if (own === undefined) continue;
		const self = versionOf(join(modules, own));
		const dependencies: Record<string, string> = {};
		for (const name of names.filter((name) => name !== own)) {
			dependencies[name] = versionOf(realpathSync(join(modules, name))).version;
		}
		found.push({ id: `${self.name}@${self.version}`, dependencies });
	}
	return found;
}

import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "./cli-fixture.js";

/** The workspace's @kestrel/ai, which an installed provider package finds beside it (its peer dependency). */
const KESTREL_AI = fileURLToPath(new URL("../../../ai", import.meta.url));

const MODEL = "echo-cloud/echo-1";

/**
 * A provider package as a user would `npm install` it: a package.json and an index.js that
 * exports a wire API module built with `@kestrel/ai/provider-kit`. Its API authenticates
 * with a credential chain whose secret is ECHO_SECRET. The provider answers from the
 * request: with a bash call when the prompt says `run: <command>`, with the command's
 * output once the result is back, else by echoing the prompt; each answer says whether it
 * saw ECHO_SECRET. Importing it writes `loaded-by-<pid>` into MARKER_DIR, so a test can
 * tell whether its code ran.
 */
const PACKAGE_SOURCE = `
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runProviderStream } from "@kestrel/ai/provider-kit";

if (process.env.MARKER_DIR) writeFileSync(join(process.env.MARKER_DIR, "loaded-by-" + process.pid), "");

const api = "echo-converse";
const baseUrl = "https://echo.invalid/v1";

function textOf(message) {
	const content = message.content;
	return typeof content === "string" ? content : content.filter((part) => part.type === "text").map((part) => part.text).join("");
}

function answerFor(context) {
	const last = context.messages.at(-1);
	const secret = process.env.ECHO_SECRET ? "seen" : "unseen";
	if (last.role === "toolResult") return { text: "command said: " + textOf(last).trim() + " (secret " + secret + ")" };
	const prompt = textOf(last);
	if (prompt.startsWith("run: ")) return { command: prompt.slice(5) };
	const flags = JSON.stringify(context.compat ?? {});
	return { text: "echo: " + prompt + " (secret " + secret + ")" };
}

export const echoConverse = {
	api,
	title: "Echo Converse",
	compat: { type: "object", properties: { prefix: { type: "string", description: "Put before the answer." } } },
	auth: {
		kind: "credentials",
		describe: "Set ECHO_SECRET.",
		resolve: async () => ({ secret: process.env.ECHO_SECRET }),
		secretVariables: ["ECHO_SECRET"],
	},
	providers: { "echo-cloud": { name: "Echo Cloud", baseUrl } },
	models: [
		{
			id: "echo-1", name: "Echo 1", api, provider: "echo-cloud", baseUrl, reasoning: false, input: ["text"],
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 100000, maxTokens: 1000,
		},
	],
	replayRules: () => ({ toolCallIds: { keepsOwnIds: true, accepts: () => true, derive: (id) => id }, ownThinkingNeedsSignature: false }),
	createProvider: () => ({
		api,
		stream: (model, context, options) =>
			runProviderStream(model, options, async ({ assembler }) => {
				assembler.start();
				const answer = answerFor(context);
				const prefix = model.compat?.[api]?.prefix ?? "";
				if (answer.command) {
					assembler.beginToolCall(0, { id: "call_1", name: "bash" });
					assembler.appendToolArguments(0, JSON.stringify({ command: answer.command }));
					assembler.endBlock(0);
					assembler.setStopReason("toolUse");
				} else {
					assembler.beginText(0);
					assembler.appendText(0, prefix + answer.text);
					assembler.endBlock(0);
					assembler.setStopReason("stop");
				}
				assembler.setUsage({ input: 10, output: 5 });
				assembler.finish();
			}),
	}),
};

export default echoConverse;
`;

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

/** Installs the provider package (and its peer @kestrel/ai) into `<folder>/node_modules`, as npm would. */
async function installPackage(
	folder: string,
	name = "acme-provider-echo",
	source = PACKAGE_SOURCE,
): Promise<void> {
	const dir = join(folder, "node_modules", name);
	await mkdir(join(folder, "node_modules", "@kestrel"), { recursive: true });
	await mkdir(dir, { recursive: true });
	await writeFile(
		join(dir, "package.json"),
		JSON.stringify({
			name,
			version: "1.0.0",
			type: "module",
			exports: { ".": "./index.js" },
			peerDependencies: { "@kestrel/ai": "*" },
		}),
	);
	await writeFile(join(dir, "index.js"), source);
	await symlink(KESTREL_AI, join(folder, "node_modules", "@kestrel", "ai"), "dir").catch(
		(error: NodeJS.ErrnoException) => {
			if (error.code !== "EEXIST") throw error;
		},
	);
}

async function writeSettings(file: string, settings: unknown): Promise<void> {
	await mkdir(join(file, ".."), { recursive: true });
	await writeFile(file, JSON.stringify(settings));
}

const projectSettings = () => join(fixture.cwd, ".kestrel", "settings.json");
const globalSettings = () => join(fixture.kestrelHome, "settings.json");

describe("provider packages named in settings", () => {
	it("a trusted project's package is loaded from its node_modules and answers through --model", async () => {
		await installPackage(fixture.cwd);
		await writeSettings(projectSettings(), { providers: ["acme-provider-echo"] });
		const result = await fixture.run(["--trust-folder", "--model", MODEL, "-p", "hello there"], {
			env: { ECHO_SECRET: "echo-secret-value-1234" },
		});
		expect(result.stderr).toBe(
			`kestrel: trusted ${fixture.cwd} (recorded in ${join(fixture.kestrelHome, "trusted-folders.json")}).\n`,
		);
		expect(result.code).toBe(0);
		// The credential reached the provider (held across the start-up re-execution).
		expect(result.stdout).toBe("echo: hello there (secret seen)\n");
	});

	it("an untrusted project's package is not loaded: its code does not run and the withheld key is named", async () => {
		await installPackage(fixture.cwd);
		await writeSettings(projectSettings(), { providers: ["acme-provider-echo"] });
		const markers = join(fixture.cwd, "markers");
		await mkdir(markers);
		const result = await fixture.run(["--model", MODEL, "-p", "hello"], { env: { MARKER_DIR: markers } });
		expect(result.stderr).toContain(
			`warning: ignoring "providers" in ${projectSettings()}: this folder is not trusted, and any repository can ship that file.`,
		);
		expect(result.stderr).toContain('Unknown provider "echo-cloud"');
		expect(result.code).toBe(1);
		// Named in the global settings, a package in the untrusted project's node_modules is not used either.
		await writeSettings(globalSettings(), { providers: ["acme-provider-echo"] });
		const fromGlobal = await fixture.run(["--model", MODEL, "-p", "hello"], { env: { MARKER_DIR: markers } });
		expect(fromGlobal.code).toBe(1);
		expect(fromGlobal.stderr).toContain(
			`It is installed in ${join(fixture.cwd, "node_modules")}, which kestrel uses only in a folder you trust`,
		);
		const { readdir } = await import("node:fs/promises");
		expect(await readdir(markers)).toEqual([]);
	});

	it("a package named in the global settings is found in KESTREL_HOME and listed with its models", async () => {
		await installPackage(fixture.kestrelHome);
		await writeSettings(globalSettings(), {
			providers: ["acme-provider-echo"],
			defaultProvider: "echo-cloud",
		});
		const listed = await fixture.run(["--list-models"]);
		expect(listed.stderr).toBe("");
		expect(listed.stdout).toMatch(/^echo-cloud\/echo-1 +100K +credentials$/m);
		// defaultProvider picks its first model; no key is asked of a credential chain.
		const result = await fixture.run(["-p", "from home"]);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("echo: from home (secret unseen)\n");
	});

	it("models.json may name the package and define providers on its API, validated by its compat schema", async () => {
		await installPackage(fixture.kestrelHome);
		const modelsFile = join(fixture.kestrelHome, "models.json");
		const providers = (compat: unknown) => ({
			packages: ["acme-provider-echo"],
			providers: {
				"my-echo": {
					baseUrl: "https://echo.internal/v1",
					api: "echo-converse",
					apiKey: "$UNSET_ECHO_TOKEN",
					compat,
					models: [{ id: "m1" }],
				},
			},
		});
		await writeFile(modelsFile, JSON.stringify(providers({ prefix: "» " })));
		const result = await fixture.run(["--model", "my-echo/m1", "-p", "hi"]);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("» echo: hi (secret unseen)\n");
		await writeFile(modelsFile, JSON.stringify(providers({ prefix: 3, loud: true })));
		const refused = await fixture.run(["--model", "my-echo/m1", "-p", "hi"]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain(`Invalid models file ${modelsFile}:`);
		expect(refused.stderr).toContain(
			'"providers.my-echo.compat.loud": not a compat flag of echo-converse (its flags are prefix); remove it',
		);
		expect(refused.stderr).toContain('"providers.my-echo.compat.prefix": must be string');
	});

	it("a package that is not installed, or exports no module, is a clear error without a stack trace", async () => {
		await writeSettings(globalSettings(), { providers: ["acme-provider-missing"] });
		const missing = await fixture.run(["--model", MODEL, "-p", "hi"]);
		expect(missing.code).toBe(1);
		expect(missing.stderr).toBe(
			`Cannot find the provider package "acme-provider-missing" (named in the "providers" setting (${globalSettings()})). ` +
				`Looked in ${join(fixture.kestrelHome, "node_modules")} (and the node_modules folders above them). ` +
				`Install it with: npm install --prefix ${fixture.kestrelHome} acme-provider-missing\n`,
		);
		await installPackage(fixture.kestrelHome, "acme-not-a-provider", "export const version = 1;\n");
		await writeSettings(globalSettings(), { providers: ["acme-not-a-provider"] });
		const empty = await fixture.run(["--list-models"]);
		expect(empty.code).toBe(1);
		expect(empty.stderr).toMatch(
			/^The package "acme-not-a-provider" \(.*index\.js, named in .*\) exports no wire API module/,
		);
		expect(empty.stderr).not.toMatch(/\n\s+at /);
	});

	it.skipIf(process.platform !== "linux")(
		"a credential chain's secret variables reach neither bash nor kestrel's /proc environment",
		async () => {
			await installPackage(fixture.kestrelHome);
			await writeSettings(globalSettings(), { providers: ["acme-provider-echo"] });
			const command =
				'echo "[$ECHO_SECRET]"; tr "\\0" "\\n" < /proc/$PPID/environ | grep -c ^ECHO_SECRET= || true';
			const result = await fixture.run(["--model", MODEL, "--approve", "all", "-p", `run: ${command}`], {
				env: { ECHO_SECRET: "echo-secret-value-5678" },
			});
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			// Empty in bash, absent from kestrel's start-up environment, still seen by the provider.
			expect(result.stdout).toBe("command said: []\n0 (secret seen)\n");
			const sessions = await fixture.sessionFiles();
			for (const file of sessions)
				expect(await readFile(file, "utf8")).not.toContain("echo-secret-value-5678");
		},
	);
});

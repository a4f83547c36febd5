import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));
const LOG_LOADS = fileURLToPath(new URL("./support/log-loads.mjs", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

const SESSION_STORE = /session-postgres\/dist\/|node_modules\/(pg|pg-pool|pg-protocol)\//;
const PROVIDER_SDKS = /node_modules\/(@anthropic-ai\/sdk|openai|@google\/genai)\//;
const TERMINAL_UI = /node_modules\/(ink|react|react-reconciler|marked|marked-terminal)\//;
const LIBRARIES =
	/node_modules\/@kestrel\/(harness|tools-fs|tools-shell)\/|packages\/(harness|tools-fs|tools-shell)\/dist\//;

let fixture: CliFixture | undefined;
afterEach(async () => {
	await fixture?.close();
	fixture = undefined;
});

/**
 * The source modules inside each file of the bundle, by file URL, from the metafile the
 * bundle script writes: `kestrel` is bundled, so loading a chunk loads all of them.
 */
async function bundleContents(): Promise<Map<string, string[]>> {
	const meta = JSON.parse(await readFile(join(PACKAGE, "dist/bundle-meta.json"), "utf8")) as {
		outputs: Record<string, { inputs: Record<string, unknown> }>;
	};
	return new Map(
		Object.entries(meta.outputs).map(([output, { inputs }]) => [
			pathToFileURL(resolve(PACKAGE, output)).href,
			Object.keys(inputs).map((input) => pathToFileURL(resolve(PACKAGE, input)).href),
		]),
	);
}

/** Runs the built CLI with a module-load log and returns the URLs of the source modules it loaded. */
async function loadedModules(fixture: CliFixture, args: string[]): Promise<string[]> {
	const log = join(fixture.cwd, "loads.log");
	const code = await new Promise<number | null>((resolve) => {
		const child = spawn(process.execPath, ["--import", LOG_LOADS, MAIN, ...args], {
			cwd: fixture.cwd,
			env: { ...fixture.env, KESTREL_LOAD_LOG: log },
			stdio: ["ignore", "ignore", "inherit"],
		});
		child.on("exit", resolve);
	});
	expect(code).toBe(0);
	const files = (await readFile(log, "utf8")).trim().split("\n");
	const contents = await bundleContents();
	// Every file it loaded beyond Node's own and the bin that imports the bundle is part of the bundle.
	const bin = pathToFileURL(MAIN).href;
	expect(files.filter((url) => !url.startsWith("node:") && url !== bin && !contents.has(url))).toEqual([]);
	return files.flatMap((url) => contents.get(url) ?? []);
}

describe("modules are loaded only when needed", () => {
	it("--version loads no provider SDK, no terminal UI and none of the libraries", async () => {
		fixture = await createCliFixture();
		const loaded = await loadedModules(fixture, ["--version"]);
		expect(loaded.length).toBeGreaterThan(0);
		expect(loaded.filter((url) => PROVIDER_SDKS.test(url))).toEqual([]);
		expect(loaded.filter((url) => TERMINAL_UI.test(url))).toEqual([]);
		expect(loaded.filter((url) => LIBRARIES.test(url))).toEqual([]);
	});

	it("print mode loads the Anthropic SDK it uses, but no terminal UI and no other SDK", async () => {
		fixture = await createCliFixture();
		fixture.server.enqueue({
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "hi" }], usage: { input: 1, output: 1 } }),
		});
		const loaded = await loadedModules(fixture, ["-p", "hello", "--model", WIRE_MODEL, "--no-session"]);
		// The log sees what print mode needs, so the absences above and below mean something.
		expect(loaded.some((url) => /node_modules\/@anthropic-ai\/sdk\//.test(url))).toBe(true);
		expect(loaded.some((url) => LIBRARIES.test(url))).toBe(true);
		expect(loaded.filter((url) => /node_modules\/(openai|@google\/genai)\//.test(url))).toEqual([]);
		expect(loaded.filter((url) => TERMINAL_UI.test(url))).toEqual([]);
		// Without a session store, neither the Postgres store nor its driver.
		expect(loaded.filter((url) => SESSION_STORE.test(url))).toEqual([]);
		const contents = [...(await bundleContents()).values()].flat();
		expect(contents.some((url) => SESSION_STORE.test(url))).toBe(true);
	});
});

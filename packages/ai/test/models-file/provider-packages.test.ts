import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadProviderPackages } from "../../src/provider-packages/load-provider-packages.js";
import { ProviderPackageError } from "../../src/provider-packages/provider-package-error.js";
import { knownSecretVariables } from "../../src/provider-packages/secret-variables.js";
import { isWireApi, wireApisOf } from "../../src/provider-packages/wire-apis-of.js";
import { ProviderRegistry } from "../../src/registry.js";
import { echoWireApi } from "./echo-wire-api.js";

let root: string;
let project: string;
let home: string;
beforeEach(async () => {
	root = await mkdtemp(join(tmpdir(), "kestrel-provider-packages-"));
	project = join(root, "project");
	home = join(root, "kestrel-home");
	await Promise.all([mkdir(project), mkdir(home)]);
});
afterEach(async () => {
	await rm(root, { recursive: true, force: true });
});

/** A wire API module as plain JavaScript: what a published provider package's entry holds. */
const moduleSource = (api: string) => `{
	api: ${JSON.stringify(api)},
	title: "On disk",
	compat: { type: "object", properties: { loud: { type: "boolean", description: "Shout." } } },
	auth: { kind: "none" },
	providers: { ${JSON.stringify(`${api}-cloud`)}: { name: "Disk Cloud", baseUrl: "https://disk.example/v1" } },
	replayRules: () => ({ toolCallIds: { keepsOwnIds: true, accepts: () => true, derive: (id) => id }, ownThinkingNeedsSignature: false }),
	createProvider: () => ({ api: ${JSON.stringify(api)}, stream: () => { throw new Error("not in this test"); } }),
}`;

/** Writes `node_modules/<name>` under `folder` with a package.json and the given files. */
async function writePackage(
	folder: string,
	name: string,
	manifest: Record<string, unknown>,
	files: Record<string, string>,
): Promise<string> {
	const dir = join(folder, "node_modules", ...name.split("/"));
	await mkdir(dir, { recursive: true });
	await writeFile(
		join(dir, "package.json"),
		JSON.stringify({ name, version: "1.0.0", type: "module", ...manifest }),
	);
	for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
	return dir;
}

const load = (specs: string[], registry: ProviderRegistry, from = [project, home]) =>
	loadProviderPackages(
		specs.map((spec) => ({ spec, namedIn: "settings.json" })),
		{ from, registry },
	);

describe("provider packages", () => {
	it("are resolved from the first folder that has them and every wire API module they export is registered", async () => {
		await writePackage(
			home,
			"@acme/provider-disk",
			{ exports: { ".": { types: "./index.d.ts", default: "./index.js" } } },
			{
				"index.js": `export const disk = ${moduleSource("disk-api")};\nexport default disk;\nexport const other = ${moduleSource("disk-other")};\n`,
			},
		);
		const registry = new ProviderRegistry();
		const [loaded] = await load(["@acme/provider-disk", "@acme/provider-disk"], registry);
		expect(loaded?.entry).toBe(join(home, "node_modules/@acme/provider-disk/index.js"));
		// The default export and a named one are the same module: registered once, with the other.
		expect(loaded?.modules.map((module) => module.api)).toEqual(["disk-api", "disk-other"]);
		expect(registry.apis()).toEqual(["disk-api", "disk-other"]);
		expect(registry.wireApi("disk-api")?.providers).toHaveProperty("disk-api-cloud");
		registry.unregister("provider-package:@acme/provider-disk");
		expect(registry.apis()).toEqual([]);
	});

	it("prefer the first folder's copy, and find a package whose exports only have an import condition", async () => {
		await writePackage(
			home,
			"provider-x",
			{ main: "index.js" },
			{ "index.js": `export default ${moduleSource("from-home")};` },
		);
		await writePackage(
			project,
			"provider-x",
			{ exports: { ".": { import: "./esm.js" } } },
			{ "esm.js": `export default ${moduleSource("from-project")};` },
		);
		const registry = new ProviderRegistry();
		await load(["provider-x"], registry);
		expect(registry.apis()).toEqual(["from-project"]);
		const homeOnly = new ProviderRegistry();
		await load(["provider-x"], homeOnly, [home]);
		expect(homeOnly.apis()).toEqual(["from-home"]);
	});

	it("may be a path to a package folder", async () => {
		const dir = await writePackage(
			root,
			"local-provider",
			{ exports: "./main.js" },
			{
				"main.js": `export const mine = ${moduleSource("by-path")};`,
			},
		);
		const registry = new ProviderRegistry();
		await load([dir], registry);
		expect(registry.apis()).toEqual(["by-path"]);
	});

	it("that are missing say where they were looked for and the npm command to install them", async () => {
		const error = await load(["@acme/provider-missing"], new ProviderRegistry()).catch(
			(caught: unknown) => caught,
		);
		expect(error).toBeInstanceOf(ProviderPackageError);
		expect(error).toMatchObject({
			kind: "not-found",
			spec: "@acme/provider-missing",
			searched: [join(project, "node_modules"), join(home, "node_modules")],
		});
		expect((error as Error).message).toBe(
			`Cannot find the provider package "@acme/provider-missing" (named in settings.json). Looked in ${join(project, "node_modules")}, ${join(home, "node_modules")} ` +
				`(and the node_modules folders above them). Install it with: npm install --prefix ${home} @acme/provider-missing`,
		);
		const byPath = await load([join(root, "nowhere")], new ProviderRegistry()).catch(
			(caught: unknown) => caught,
		);
		expect((byPath as Error).message).toContain(
			`Cannot find the provider package at ${join(root, "nowhere")}`,
		);
	});

	it("that export no wire API module, or fail to load, say so", async () => {
		await writePackage(
			project,
			"not-a-provider",
			{ main: "index.js" },
			{ "index.js": "export const hello = 1;" },
		);
		await writePackage(
			project,
			"broken-provider",
			{ main: "index.js" },
			{ "index.js": "export const x = ;" },
		);
		await writePackage(
			project,
			"old-provider",
			{ main: "index.js" },
			{
				"index.js": 'export const old = { api: "old-api", createProvider() {} };',
			},
		);
		const failure = (spec: string) =>
			load([spec], new ProviderRegistry()).then(
				() => {
					throw new Error(`${spec} loaded`);
				},
				(caught: ProviderPackageError) => caught,
			);
		const none = await failure("not-a-provider");
		expect(none.kind).toBe("no-wire-api");
		expect(none.message).toMatch(
			/^The package "not-a-provider" \(.*index\.js, named in settings\.json\) exports no wire API module/,
		);
		const broken = await failure("broken-provider");
		expect(broken.kind).toBe("load-failed");
		expect(broken.message).toMatch(/failed to load: .*Reinstall it/);
		const old = await failure("old-provider");
		expect(old.kind).toBe("load-failed");
		expect(old.message).toContain(
			'its export "old" (api "old-api") is not a complete wire API module: it lacks compat',
		);
	});
});

describe("wireApisOf", () => {
	it("takes the default export and every named export that is a wire API module, each once", () => {
		expect(wireApisOf({ default: echoWireApi, echoWireApi, version: "1", helper: () => 1 })).toEqual([
			echoWireApi,
		]);
		expect(wireApisOf({ named: echoWireApi })).toEqual([echoWireApi]);
		expect(wireApisOf({ default: { api: "x" } })).toEqual([]);
		expect(isWireApi(echoWireApi)).toBe(true);
		expect(isWireApi({ ...echoWireApi, replayRules: undefined })).toBe(false);
	});
});

describe("knownSecretVariables", () => {
	it("lists the key variables of the known providers and a credential chain's secret variables", () => {
		const registry = new ProviderRegistry();
		expect(knownSecretVariables(registry)).toContain("ANTHROPIC_API_KEY");
		expect(knownSecretVariables(registry)).not.toContain("ECHO_SECRET");
		registry.registerWireApi(echoWireApi, "test");
		expect(knownSecretVariables(registry)).toEqual(
			expect.arrayContaining(["ECHO_SECRET", "ECHO_SESSION_TOKEN", "ECHO_BEARER"]),
		);
	});
});

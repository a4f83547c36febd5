import { existsSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { childEnv, runOk } from "./processes.js";

/** The repository root. */
export const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));

/** The consumer programs (copied into the app folder). */
export const CONSUMER_SOURCES = fileURLToPath(new URL("../../consumer/", import.meta.url));

/** The libraries an app imports; the CLI is installed on its own, as a user would. */
export const LIBRARIES = [
	"@kestrel/ai",
	"@kestrel/agent-core",
	"@kestrel/harness",
	"@kestrel/tools-fs",
	"@kestrel/tools-shell",
	"@kestrel/session-postgres",
] as const;

/** The provider package that gets an app of its own, with `@kestrel/ai` and nothing else of Kestrel. */
export const BEDROCK = "@kestrel/provider-bedrock";

/** The MCP pack, in an app of its own with `@kestrel/agent-core` (and the `@kestrel/ai` it depends on). */
export const TOOLS_MCP = "@kestrel/tools-mcp";

/** What the global setup made, handed to the test files. */
export interface PackagingFixture {
	/** The temporary folder that holds everything below. */
	root: string;
	/** Package name → its tarball. */
	tarballs: Record<string, string>;
	/** Package name → the tarball's contents, extracted (the `package/` folder). */
	unpacked: Record<string, string>;
	/** Package name → its folder in the workspace. */
	sources: Record<string, string>;
	/** An app with the libraries, `@anthropic-ai/sdk` and `@types/node` installed. */
	app: string;
	/** A folder with only `@kestrel/cli` installed. */
	cliApp: string;
	/** An app with `@kestrel/provider-bedrock`, `@kestrel/ai` and `@types/node` installed. */
	bedrockApp: string;
	/**
	 * An app with `@kestrel/tools-mcp`, `@kestrel/agent-core`, the MCP SDK (and its peer
	 * `zod`) for a server of its own, and `@types/node` installed.
	 */
	mcpApp: string;
}

/**
 * Packs every package with the root's `scripts/pack-all.sh`, then installs the tarballs
 * into four new folders under the system's temporary folder, offline: an app that uses
 * the libraries, an app that uses `@kestrel/provider-bedrock` (with `@kestrel/ai`), an
 * app that uses `@kestrel/tools-mcp` (with `@kestrel/agent-core`), and a folder with only
 * the CLI.
 *
 * Third-party packages come from the workspace's own install (its `node_modules`, hard
 * links into the pnpm store), never from the network: each one a package needs is mapped
 * with a pnpm override to the folder the workspace resolved it to (see
 * {@link thirdPartyOverrides}), so an app gets exactly the versions of the workspace's
 * lockfile. The installs use stores of their own in the temporary folder, so the user's
 * store is left as it was. (Why not `pnpm install --offline` against the workspace's
 * store and metadata cache: see the README.)
 */
export async function createPackagingFixture(): Promise<PackagingFixture> {
	const root = await mkdtemp(join(tmpdir(), "kestrel-packaging-"));
	try {
		const tarballDir = join(root, "tarballs");
		const printed = await runOk("bash", [join(WORKSPACE, "scripts/pack-all.sh"), tarballDir], {
			cwd: WORKSPACE,
			env: childEnv(),
		});
		const tarballs: Record<string, string> = {};
		const unpacked: Record<string, string> = {};
		const sources: Record<string, string> = {};
		for (const tarball of printed.split("\n").filter(Boolean)) {
			const into = join(root, "unpacked", basename(tarball, ".tgz"));
			await mkdir(into, { recursive: true });
			await runOk("tar", ["-xzf", tarball, "-C", into], { cwd: root });
			const folder = join(into, "package");
			const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as {
				name: string;
				repository: { directory: string };
			};
			tarballs[manifest.name] = tarball;
			unpacked[manifest.name] = folder;
			sources[manifest.name] = join(WORKSPACE, manifest.repository.directory);
		}
		for (const name of [...LIBRARIES, "@kestrel/cli", BEDROCK, TOOLS_MCP]) {
			if (!tarballs[name]) throw new Error(`scripts/pack-all.sh made no tarball for ${name}`);
		}

		const app = join(root, "app");
		const cliApp = join(root, "cli");
		const bedrockApp = join(root, "bedrock");
		const mcpApp = join(root, "mcp");
		await writeApp(app, tarballs, sources);
		await writeProject(cliApp, { "@kestrel/cli": `file:${tarballs["@kestrel/cli"]}` }, {});
		await writeBedrockApp(bedrockApp, tarballs, sources);
		await writeMcpApp(mcpApp, tarballs, sources);
		// Every install runs to its end before a failure is reported: removing the folder
		// under installs still running would hide the failure behind an ENOTEMPTY.
		const installs = await Promise.allSettled([
			install(app, join(root, "store-app")),
			install(cliApp, join(root, "store-cli")),
			install(bedrockApp, join(root, "store-bedrock")),
			install(mcpApp, join(root, "store-mcp")),
		]);
		for (const outcome of installs) if (outcome.status === "rejected") throw outcome.reason;
		return { root, tarballs, unpacked, sources, app, cliApp, bedrockApp, mcpApp };
	} catch (error) {
		await rm(root, { recursive: true, force: true });
		throw error;
	}
}

async function writeApp(
	app: string,
	tarballs: Record<string, string>,
	sources: Record<string, string>,
): Promise<void> {
	const ai = sources["@kestrel/ai"] as string;
	// The app's own third-party packages: one provider SDK, and Node's types.
	const sdk = { name: "@anthropic-ai/sdk", from: ai };
	const nodeTypes = { name: "@types/node", from: WORKSPACE };
	const dependencies: Record<string, string> = {};
	for (const name of LIBRARIES) dependencies[name] = `file:${tarballs[name]}`;
	for (const direct of [sdk, nodeTypes])
		dependencies[direct.name] = versionOf(locate(direct.from, direct.name));

	const overrides: Record<string, string> = {};
	for (const name of LIBRARIES) overrides[name] = `file:${tarballs[name]}`;
	Object.assign(overrides, thirdPartyOverrides([sdk, nodeTypes, ...dependenciesOf(LIBRARIES, sources)]));

	await writeProject(app, dependencies, overrides);
	const programs = [
		"ai-anthropic.ts",
		"ai-agent-core.ts",
		"harness.ts",
		"tools-fs.ts",
		"tools-shell.ts",
		"session-postgres.ts",
		"cli.ts",
	];
	const configs = ["tsconfig.node16.json", "tsconfig.bundler.json", "require-all.cjs"];
	await copyConsumers(app, [...programs, ...configs]);
}

/**
 * An app as the Bedrock package's README installs it: the package and its peer
 * `@kestrel/ai` (both packed), with Node's types. The AWS SDK comes as the package's own
 * dependencies, several versions of a name included.
 */
async function writeBedrockApp(
	app: string,
	tarballs: Record<string, string>,
	sources: Record<string, string>,
): Promise<void> {
	const kestrel = ["@kestrel/ai", BEDROCK] as const;
	const nodeTypes = { name: "@types/node", from: WORKSPACE };
	const dependencies: Record<string, string> = {};
	const overrides: Record<string, string> = {};
	for (const name of kestrel) {
		dependencies[name] = `file:${tarballs[name]}`;
		overrides[name] = `file:${tarballs[name]}`;
	}
	dependencies[nodeTypes.name] = versionOf(locate(nodeTypes.from, nodeTypes.name));
	Object.assign(overrides, thirdPartyOverrides([nodeTypes, ...dependenciesOf(kestrel, sources)]));

	// A strict layout (nothing hoisted into `node_modules/.pnpm/node_modules`): the package
	// and the AWS SDK find only what they declare, as under Yarn PnP or an isolated install.
	await writeProject(app, dependencies, overrides, ["hoist: false"]);
	await copyConsumers(app, [
		"provider-bedrock.ts",
		"provider-bedrock-require.cjs",
		"tsconfig.node16.json",
		"tsconfig.bundler.json",
	]);
}

/**
 * An app as the MCP pack's README installs it: `@kestrel/tools-mcp` and its peer
 * `@kestrel/agent-core` (both packed, as are the Kestrel packages they depend on, such as
 * `@kestrel/ai`), in a strict layout. The app writes an MCP server of its own, so it depends
 * on `@modelcontextprotocol/sdk` at the version the pack pins, and on `zod`, the SDK's peer.
 */
async function writeMcpApp(
	app: string,
	tarballs: Record<string, string>,
	sources: Record<string, string>,
): Promise<void> {
	const direct = [TOOLS_MCP, "@kestrel/agent-core"];
	const kestrel = withKestrelDependencies(direct, sources);
	const pack = sources[TOOLS_MCP] as string;
	const pinned = manifestOf(pack).dependencies?.["@modelcontextprotocol/sdk"];
	const sdk = { name: "@modelcontextprotocol/sdk", from: pack };
	const sdkFolder = locate(sdk.from, sdk.name);
	if (versionOf(sdkFolder) !== pinned) {
		throw new Error(
			`${TOOLS_MCP} pins @modelcontextprotocol/sdk ${pinned}, the workspace installed ${versionOf(sdkFolder)}: run pnpm install.`,
		);
	}
	const zod = { name: "zod", from: sdkFolder };
	const nodeTypes = { name: "@types/node", from: WORKSPACE };
	const dependencies: Record<string, string> = {};
	const overrides: Record<string, string> = {};
	for (const name of direct) dependencies[name] = `file:${tarballs[name]}`;
	for (const name of kestrel) overrides[name] = `file:${tarballs[name]}`;
	for (const own of [sdk, zod, nodeTypes]) dependencies[own.name] = versionOf(locate(own.from, own.name));
	Object.assign(overrides, thirdPartyOverrides([sdk, zod, nodeTypes, ...dependenciesOf(kestrel, sources)]));

	await writeProject(app, dependencies, overrides, ["hoist: false"]);
	await copyConsumers(app, [
		"tools-mcp.ts",
		"tools-mcp-server.mjs",
		"tools-mcp-require.cjs",
		"tsconfig.node16.json",
		"tsconfig.bundler.json",
	]);
}

async function copyConsumers(app: string, files: readonly string[]): Promise<void> {
	for (const file of files) await writeFile(join(app, file), await readFile(join(CONSUMER_SOURCES, file)));
}

/** `names`, and the Kestrel packages they depend on (dependencies and required peers), transitively. */
function withKestrelDependencies(names: readonly string[], sources: Record<string, string>): string[] {
	const found = new Set(names);
	for (const name of found) {
		const manifest = manifestOf(sources[name] as string);
		const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
			(peer) => !manifest.peerDependenciesMeta?.[peer]?.optional,
		);
		for (const dependency of [...Object.keys(manifest.dependencies ?? {}), ...peers])
			if (dependency.startsWith("@kestrel/")) found.add(dependency);
	}
	return [...found];
}

/** The third-party dependencies of Kestrel packages, each with the package as its parent. */
function dependenciesOf(names: readonly string[], sources: Record<string, string>): Start[] {
	const starts: Start[] = [];
	for (const name of names) {
		const folder = sources[name] as string;
		const manifest = manifestOf(folder);
		for (const dependency of Object.keys(manifest.dependencies ?? {})) {
			if (!dependency.startsWith("@kestrel/"))
				starts.push({ name: dependency, from: folder, parent: `${name}@${manifest.version}` });
		}
	}
	return starts;
}

async function writeProject(
	folder: string,
	dependencies: Record<string, string>,
	overrides: Record<string, string>,
	settings: string[] = [],
): Promise<void> {
	await mkdir(folder, { recursive: true });
	const manifest = { name: "kestrel-consumer", private: true, type: "module", dependencies };
	await writeFile(join(folder, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
	// A workspace file of its own: pnpm looks no further up for one, and reads overrides here.
	const lines = [...settings];
	if (Object.keys(overrides).length) {
		lines.push("overrides:", ...Object.entries(overrides).map(([name, to]) => `  "${name}": "${to}"`));
	}
	await writeFile(join(folder, "pnpm-workspace.yaml"), `${lines.join("\n")}\n`);
}

async function install(folder: string, store: string): Promise<void> {
	await runOk(
		"pnpm",
		[
			"install",
			"--offline",
			"--no-frozen-lockfile",
			"--store-dir",
			store,
			"--cache-dir",
			join(store, "cache"),
			"--reporter",
			"append-only",
		],
		{ cwd: folder, env: childEnv() },
	);
}

function manifestOf(folder: string): {
	name: string;
	version: string;
	dependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	peerDependenciesMeta?: Record<string, { optional?: boolean }>;
} {
	return JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
}

function versionOf(folder: string): string {
	return manifestOf(folder).version;
}

/** Finds `name` from `from` as Node does (each `node_modules` up the tree); its real folder. */
function locate(from: string, name: string): string {
	for (let folder = from; ; folder = dirname(folder)) {
		const candidate = join(folder, "node_modules", name);
		if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
		if (dirname(folder) === folder) throw new Error(`${name} is not installed where ${from} would find it`);
	}
}

/**
 * A package to install: `name` as found from the folder `from`. `parent` is the
 * `name@version` of the package that depends on it, as a pnpm override selector; none for
 * a dependency of the app itself.
 */
interface Start {
	name: string;
	from: string;
	parent?: string;
}

/**
 * The pnpm overrides that install every third-party package reachable from `starts`
 * (through dependencies, optional dependencies that are installed, and required peers)
 * from the workspace folder it was installed to.
 *
 * A name the workspace installed once is mapped for every dependent:
 * `"name": "file:<folder>"`. A name with several folders (the AWS SDK pins, say,
 * `@aws-sdk/token-providers` at two versions) is mapped per dependent, with the
 * dependent's exact version: `"parent@1.2.3>name": "file:<the folder it resolved>"`, so
 * each dependent gets the very copy the workspace's lockfile gave it. (A `name@version`
 * selector would not do: pnpm applies it to any dependency range that intersects the
 * version, so `^1.2.0` matches the overrides of both 1.2.0 and 1.4.0.)
 */
function thirdPartyOverrides(starts: readonly Start[]): Record<string, string> {
	const foldersOf = new Map<string, Set<string>>();
	const edges: { parent: string | undefined; name: string; folder: string }[] = [];
	const visited = new Set<string>();
	const queue = starts.map((start) => ({ ...start, required: true }));
	for (let next = queue.shift(); next; next = queue.shift()) {
		let folder: string;
		try {
			folder = locate(next.from, next.name);
		} catch (error) {
			if (next.required) throw error;
			continue;
		}
		edges.push({ parent: next.parent, name: next.name, folder });
		const folders = foldersOf.get(next.name) ?? new Set();
		foldersOf.set(next.name, folders.add(folder));
		if (visited.has(folder)) continue;
		visited.add(folder);
		const manifest = manifestOf(folder);
		const parent = `${manifest.name}@${manifest.version}`;
		const children: [string, boolean][] = [
			...Object.keys(manifest.dependencies ?? {}).map((name): [string, boolean] => [name, true]),
			...Object.keys(manifest.optionalDependencies ?? {}).map((name): [string, boolean] => [name, false]),
			...Object.keys(manifest.peerDependencies ?? {})
				.filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional)
				.map((name): [string, boolean] => [name, true]),
		];
		for (const [name, required] of children) queue.push({ name, from: folder, parent, required });
	}

	const overrides: Record<string, string> = {};
	for (const [name, folders] of foldersOf) {
		if (folders.size === 1) {
			overrides[name] = `file:${[...folders][0]}`;
			continue;
		}
		for (const edge of edges.filter((candidate) => candidate.name === name)) {
			if (edge.parent === undefined) {
				throw new Error(
					`The app depends on ${name} itself, and the workspace installed it in several folders (${[...folders].join(", ")}): ` +
						"give the app the one it needs as a file: dependency.",
				);
			}
			const selector = `${edge.parent}>${name}`;
			const target = `file:${edge.folder}`;
			if (overrides[selector] !== undefined && overrides[selector] !== target) {
				throw new Error(
					`${edge.parent} was installed twice by the workspace, with different copies of ${name} ` +
						`(${overrides[selector]} and ${target}); a pnpm override cannot tell them apart.`,
				);
			}
			overrides[selector] = target;
		}
	}
	return overrides;
}

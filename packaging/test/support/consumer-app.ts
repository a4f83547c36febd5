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
] as const;

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
}

/**
 * Packs every package with the root's `scripts/pack-all.sh`, then installs the tarballs
 * into two new folders under the system's temporary folder, offline: an app that uses
 * the libraries, and a folder with only the CLI.
 *
 * Third-party packages come from the workspace's own install (its `node_modules`, hard
 * links into the pnpm store), never from the network: each one the libraries need is
 * mapped with a pnpm override to the folder the workspace resolved it to. (`pnpm install
 * --offline` alone would need registry metadata in pnpm's cache, which a
 * `--frozen-lockfile` install never writes.) The installs use a store of their own in the
 * temporary folder, so the user's store is left as it was.
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
		for (const name of [...LIBRARIES, "@kestrel/cli"]) {
			if (!tarballs[name]) throw new Error(`scripts/pack-all.sh made no tarball for ${name}`);
		}

		const app = join(root, "app");
		const cliApp = join(root, "cli");
		await writeApp(app, tarballs, sources);
		await writeProject(cliApp, { "@kestrel/cli": `file:${tarballs["@kestrel/cli"]}` }, {});
		await Promise.all([install(app, join(root, "store-app")), install(cliApp, join(root, "store-cli"))]);
		return { root, tarballs, unpacked, sources, app, cliApp };
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

	const starts = [sdk, nodeTypes];
	for (const name of LIBRARIES) {
		const folder = sources[name] as string;
		for (const dependency of Object.keys(manifestOf(folder).dependencies ?? {})) {
			if (!dependency.startsWith("@kestrel/")) starts.push({ name: dependency, from: folder });
		}
	}
	const overrides: Record<string, string> = {};
	for (const name of LIBRARIES) overrides[name] = `file:${tarballs[name]}`;
	for (const [name, folder] of thirdPartyClosure(starts)) overrides[name] = `file:${folder}`;

	await writeProject(app, dependencies, overrides);
	const programs = [
		"ai-anthropic.ts",
		"ai-agent-core.ts",
		"harness.ts",
		"tools-fs.ts",
		"tools-shell.ts",
		"cli.ts",
	];
	const configs = ["tsconfig.node16.json", "tsconfig.bundler.json", "require-all.cjs"];
	for (const file of [...programs, ...configs]) {
		await writeFile(join(app, file), await readFile(join(CONSUMER_SOURCES, file)));
	}
}

async function writeProject(
	folder: string,
	dependencies: Record<string, string>,
	overrides: Record<string, string>,
): Promise<void> {
	await mkdir(folder, { recursive: true });
	const manifest = { name: "kestrel-consumer", private: true, type: "module", dependencies };
	await writeFile(join(folder, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
	// A workspace file of its own: pnpm looks no further up for one, and reads overrides here.
	const lines = ["overrides:", ...Object.entries(overrides).map(([name, to]) => `  "${name}": "${to}"`)];
	await writeFile(
		join(folder, "pnpm-workspace.yaml"),
		`${Object.keys(overrides).length ? lines.join("\n") : ""}\n`,
	);
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
 * Every third-party package reachable from `starts` through dependencies, optional
 * dependencies that are installed, and required peers: name → the workspace folder it
 * was installed to. One version per name (pnpm overrides map a name to one target).
 */
function thirdPartyClosure(starts: { name: string; from: string }[]): Map<string, string> {
	const found = new Map<string, string>();
	const queue = starts.map((start) => ({ ...start, required: true }));
	for (let next = queue.shift(); next; next = queue.shift()) {
		let folder: string;
		try {
			folder = locate(next.from, next.name);
		} catch (error) {
			if (next.required) throw error;
			continue;
		}
		const known = found.get(next.name);
		if (known !== undefined) {
			if (known !== folder) {
				throw new Error(
					`Two versions of ${next.name} are needed (${known} and ${folder}); map each with a "parent>name" override.`,
				);
			}
			continue;
		}
		found.set(next.name, folder);
		const manifest = manifestOf(folder);
		for (const name of Object.keys(manifest.dependencies ?? {}))
			queue.push({ name, from: folder, required: true });
		for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
			queue.push({ name, from: folder, required: false });
		}
		for (const name of Object.keys(manifest.peerDependencies ?? {})) {
			if (!manifest.peerDependenciesMeta?.[name]?.optional)
				queue.push({ name, from: folder, required: true });
		}
	}
	return found;
}

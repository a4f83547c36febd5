import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WORKSPACE } from "./support/consumer-app.js";
import { childEnv, runOk } from "./support/processes.js";

type Bump = "major" | "minor" | "patch";
interface ReleasePlan {
	changesets: { id: string; releases: { name: string; type: Bump }[] }[];
	releases: { name: string; type: Bump | "none"; oldVersion: string; newVersion: string }[];
}
interface Manifest {
	name: string;
	version: string;
	private?: boolean;
}

const copies: string[] = [];
afterEach(async () => {
	await Promise.all(copies.splice(0).map((copy) => rm(copy, { recursive: true, force: true })));
});

/** The workspace's package folders, from pnpm-workspace.yaml (`dir` and `dir/*` entries). */
async function packageFolders(): Promise<string[]> {
	const yaml = await readFile(join(WORKSPACE, "pnpm-workspace.yaml"), "utf8");
	const block = yaml.split(/^packages:\n/m)[1] ?? "";
	const globs = [...block.matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1] as string);
	const folders: string[] = [];
	for (const glob of globs) {
		if (!glob.endsWith("/*")) {
			folders.push(glob);
			continue;
		}
		const parent = glob.slice(0, -2);
		const entries = await readdir(join(WORKSPACE, parent), { withFileTypes: true });
		for (const entry of entries) if (entry.isDirectory()) folders.push(`${parent}/${entry.name}`);
	}
	return folders;
}

/**
 * A copy of what changesets reads — the manifests, pnpm-workspace.yaml and `.changeset/`
 * — committed on `main` in a new repository (`changeset status` compares with `main`).
 */
async function workspaceCopy(): Promise<string> {
	const root = await mkdtemp(join(tmpdir(), "kestrel-release-plan-"));
	copies.push(root);
	for (const file of ["package.json", "pnpm-workspace.yaml"])
		await cp(join(WORKSPACE, file), join(root, file));
	await cp(join(WORKSPACE, ".changeset"), join(root, ".changeset"), { recursive: true });
	for (const folder of await packageFolders()) {
		await mkdir(join(root, folder), { recursive: true });
		await cp(join(WORKSPACE, folder, "package.json"), join(root, folder, "package.json"));
	}
	const git = [
		"-c",
		"user.name=release-plan-test",
		"-c",
		"user.email=test@localhost",
		"-c",
		"commit.gpgsign=false",
	];
	await runOk("git", ["init", "-q", "-b", "main"], { cwd: root });
	await runOk("git", [...git, "add", "-A"], { cwd: root });
	await runOk("git", [...git, "commit", "-q", "--no-verify", "-m", "base"], { cwd: root });
	return root;
}

async function releasePlan(root: string): Promise<ReleasePlan> {
	const changeset = join(WORKSPACE, "node_modules/.bin/changeset");
	await runOk(changeset, ["status", "--output", "plan.json"], { cwd: root, env: childEnv() });
	return JSON.parse(await readFile(join(root, "plan.json"), "utf8"));
}

/** The packages a release publishes: public, and not in the config's `ignore`. */
async function publishedPackages(root: string): Promise<Manifest[]> {
	const config = JSON.parse(await readFile(join(root, ".changeset/config.json"), "utf8")) as {
		ignore: string[];
	};
	const manifests: Manifest[] = [];
	for (const folder of await packageFolders()) {
		const manifest = JSON.parse(await readFile(join(root, folder, "package.json"), "utf8")) as Manifest;
		if (!manifest.private && !config.ignore.includes(manifest.name)) manifests.push(manifest);
	}
	return manifests;
}

function bump(version: string, type: Bump): string {
	const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
	if (type === "major") return `${major + 1}.0.0`;
	if (type === "minor") return `${major}.${minor + 1}.0`;
	return `${major}.${minor}.${patch + 1}`;
}

/** Package name → planned version, for the packages the plan releases. */
function plannedVersions(plan: ReleasePlan): Record<string, string> {
	return Object.fromEntries(
		plan.releases
			.filter((release) => release.type !== "none")
			.map((release) => [release.name, release.newVersion]),
	);
}

/** Sets every published package to `version` and replaces the pending changesets with `changesets`. */
async function afterRelease(
	root: string,
	version: string,
	changesets: Record<string, string>,
): Promise<void> {
	for (const folder of await packageFolders()) {
		const path = join(root, folder, "package.json");
		const manifest = JSON.parse(await readFile(path, "utf8")) as Manifest;
		if (!manifest.private) await writeFile(path, JSON.stringify({ ...manifest, version }, null, "\t"));
	}
	for (const file of await readdir(join(root, ".changeset"))) {
		if (file.endsWith(".md") && file !== "README.md") await rm(join(root, ".changeset", file));
	}
	for (const [id, text] of Object.entries(changesets))
		await writeFile(join(root, ".changeset", `${id}.md`), text);
}

describe("the release plan (changeset status)", () => {
	it("releases each package at the version its own changesets ask for, never 1.0.0 by accident", async () => {
		const root = await workspaceCopy();
		const plan = await releasePlan(root);
		const published = await publishedPackages(root);
		expect(published.map(({ name }) => name).sort()).toEqual([
			"@kestrel/agent-core",
			"@kestrel/ai",
			"@kestrel/cli",
			"@kestrel/durable-dbos",
			"@kestrel/harness",
			"@kestrel/provider-bedrock",
			"@kestrel/session-postgres",
			"@kestrel/tools-fs",
			"@kestrel/tools-mcp",
			"@kestrel/tools-shell",
		]);
		const order = ["none", "patch", "minor", "major"] as const;
		const problems: string[] = [];
		for (const { name, version } of published) {
			const asked = plan.changesets.flatMap((changeset) =>
				changeset.releases.filter((release) => release.name === name).map((release) => release.type),
			);
			const highest = asked.reduce<(typeof order)[number]>(
				(a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a),
				"none",
			);
			// Without changesets of its own, a package may only get a patch (a dependency moved).
			const allowed = highest === "none" ? [version, bump(version, "patch")] : [bump(version, highest)];
			const planned = plannedVersions(plan)[name] ?? version;
			if (!allowed.includes(planned)) {
				problems.push(`${name}: ${version} -> ${planned}; its changesets ask for ${highest}`);
			}
		}
		expect(problems).toEqual([]);
	});

	// @kestrel/cli bundles the libraries (they are its devDependencies), so a library change
	// reaches the command's users only with a changeset for @kestrel/cli (.changeset/README.md).
	it("a minor of agent-core alone re-releases its dependents and the tool packs (its peer) as patches", async () => {
		const root = await workspaceCopy();
		await afterRelease(root, "0.1.0", {
			"core-minor": '---\n"@kestrel/agent-core": minor\n---\n\nA new loop option.\n',
		});
		expect(plannedVersions(await releasePlan(root))).toEqual({
			"@kestrel/agent-core": "0.2.0",
			"@kestrel/durable-dbos": "0.1.1",
			"@kestrel/harness": "0.1.1",
			"@kestrel/tools-fs": "0.1.1",
			"@kestrel/tools-mcp": "0.1.1",
			"@kestrel/tools-shell": "0.1.1",
		});
	});

	it("a minor of ai alone patches agent-core, the harness, provider-bedrock and durable-dbos (their peer, now out of range)", async () => {
		const root = await workspaceCopy();
		await afterRelease(root, "0.1.0", {
			"ai-minor": '---\n"@kestrel/ai": minor\n---\n\nA new provider option.\n',
		});
		expect(plannedVersions(await releasePlan(root))).toEqual({
			"@kestrel/ai": "0.2.0",
			"@kestrel/agent-core": "0.1.1",
			"@kestrel/durable-dbos": "0.1.1",
			"@kestrel/harness": "0.1.1",
			"@kestrel/provider-bedrock": "0.1.1",
		});
	});

	it("a patch of ai stays in every dependent's range and releases ai alone", async () => {
		const root = await workspaceCopy();
		await afterRelease(root, "0.1.0", {
			"ai-patch": '---\n"@kestrel/ai": patch\n---\n\nA fix.\n',
		});
		expect(plannedVersions(await releasePlan(root))).toEqual({ "@kestrel/ai": "0.1.1" });
	});
});

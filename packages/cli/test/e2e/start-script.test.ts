// scripts/start.sh, the repository's main command, run by bash in a copy of the repository's
// layout: the real start.sh and bootstrap.sh, the real bin over the real bundle (a symlink),
// and a `pnpm` on PATH that records how it was called and prints noise of its own to stdout,
// as pnpm and turbo do. What it checks: only kestrel writes to stdout, a warm start runs
// neither `pnpm install` nor the build, and a change to the sources or the lockfile does.
import { spawn } from "node:child_process";
import {
	appendFile,
	chmod,
	copyFile,
	mkdir,
	mkdtemp,
	readFile,
	rm,
	symlink,
	utimes,
	writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const CLI = join(REPO, "packages/cli");

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
}

function run(
	command: string,
	args: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Run> {
	const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk: Buffer) => {
		stdout += chunk.toString("utf8");
	});
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	return new Promise((resolve, reject) => {
		child.on("error", reject);
		child.on("close", (code) => resolve({ code, stdout, stderr }));
	});
}

/** A `pnpm` that logs its arguments and makes the noise the real one makes, on stdout. */
function fakePnpm(version: string): string {
	return `#!/usr/bin/env bash
echo "$*" >>"$FAKE_PNPM_LOG"
case "$1" in
--version) echo "${version}" ;;
install)
	echo "Packages: +1 (pnpm's own output)"
	mkdir -p node_modules && touch node_modules/.modules.yaml ;;
exec)
	echo "Tasks: 7 successful (turbo's own output)"
	[ -z "\${FAKE_BUILD_FAILS:-}" ] || exit 2 ;;
esac
`;
}

let root: string;
let repo: string;
let log: string;
let fixture: CliFixture;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
	fixture = await createCliFixture();
	root = await mkdtemp(join(tmpdir(), "kestrel-start-"));
	repo = join(root, "repo");
	log = join(root, "pnpm.log");
	const rootManifest = JSON.parse(await readFile(join(REPO, "package.json"), "utf8")) as {
		packageManager: string;
	};
	const pnpmVersion = rootManifest.packageManager.split("@")[1]!.split("+")[0]!;
	await Promise.all(
		["scripts", "packages/cli/bin", "packages/cli/src", "shims"].map((dir) =>
			mkdir(join(dir === "shims" ? root : repo, dir), { recursive: true }),
		),
	);
	for (const file of [
		"scripts/start.sh",
		"scripts/bootstrap.sh",
		".node-version",
		"package.json",
		"pnpm-workspace.yaml",
		"packages/cli/package.json",
		"packages/cli/bin/kestrel.js",
	]) {
		await copyFile(join(REPO, file), join(repo, file));
	}
	await writeFile(join(repo, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
	await writeFile(join(repo, "packages/cli/src/main.ts"), "export {};\n");
	await symlink(join(CLI, "bundle"), join(repo, "packages/cli/bundle"));
	await writeFile(join(root, "shims/pnpm"), fakePnpm(pnpmVersion));
	await chmod(join(root, "shims/pnpm"), 0o755);
	env = {
		...fixture.env,
		PATH: `${join(root, "shims")}:${dirname(process.execPath)}:${process.env.PATH}`,
		FAKE_PNPM_LOG: log,
	};
});

afterAll(async () => {
	await fixture?.close();
	if (root) await rm(root, { recursive: true, force: true });
});

/** `bash scripts/start.sh args…` from the fixture's working folder; returns it and what pnpm was asked (`pnpm`: but its version). */
async function start(
	args: string[],
	extraEnv: NodeJS.ProcessEnv = {},
): Promise<Run & { pnpm: string[]; allPnpmCalls: string[] }> {
	await writeFile(log, "");
	const result = await run("bash", [join(repo, "scripts/start.sh"), ...args], {
		cwd: fixture.cwd,
		env: { ...env, ...extraEnv },
	});
	const allPnpmCalls = (await readFile(log, "utf8")).split("\n").filter((line) => line);
	return { ...result, allPnpmCalls, pnpm: allPnpmCalls.filter((line) => line !== "--version") };
}

const direct = (args: string[]) =>
	run(process.execPath, [join(CLI, "bin/kestrel.js"), ...args], { cwd: fixture.cwd, env });

/**
 * Sets a file's times a minute ahead (`ahead`, as an edit made after the last build would)
 * or behind (as a file the last build saw), whatever the clock's resolution.
 */
async function setTimes(path: string, when: "ahead" | "behind"): Promise<void> {
	const time = new Date(Date.now() + (when === "ahead" ? 60_000 : -60_000));
	await utimes(path, time, time);
}

describe("scripts/start.sh", () => {
	it("installs and builds on the first run, saying so on stderr; stdout is kestrel's alone", async () => {
		const expected = await direct(["--version"]);
		expect(expected.stdout).toMatch(/^\S+\n$/);

		const first = await start(["--version"]);

		expect(first.code).toBe(0);
		expect(first.stdout).toBe(expected.stdout);
		expect(first.pnpm).toEqual([
			"install --frozen-lockfile",
			"exec turbo run build --filter=@kestrel/cli... --output-logs=new-only",
		]);
		expect(first.stderr).toContain("kestrel: installing dependencies (first run");
		// (The bundle is there already: a fresh clone is told "first run, a few minutes".)
		expect(first.stderr).toContain("kestrel: building what changed since the last build");
		expect(first.stderr).toContain("(pnpm's own output)");
		expect(first.stderr).toContain("(turbo's own output)");
	});

	it("runs neither pnpm install nor the build when nothing changed", async () => {
		const expected = await direct(["--help"]);
		const warm = await start(["--help"]);
		expect(warm.code).toBe(0);
		expect(warm.stdout).toBe(expected.stdout);
		// Not even `pnpm --version`, which takes a moment of its own.
		expect(warm.allPnpmCalls).toEqual([]);
		expect(warm.stderr).toBe("");
	});

	it("keeps stdout to the answer of kestrel -p", async () => {
		fixture.server.enqueue(answer("The tide turns at seven."));
		const printed = await start(["--model", WIRE_MODEL, "-p", "When does the tide turn?"]);
		expect(printed.stderr).toBe("");
		expect(printed.code).toBe(0);
		expect(printed.stdout).toBe("The tide turns at seven.\n");
		expect(printed.pnpm).toEqual([]);
	});

	it("builds again after a source changes, and installs again after the lockfile changes", async () => {
		const source = join(repo, "packages/cli/src/main.ts");
		await setTimes(source, "ahead");
		const rebuilt = await start(["--version"]);
		expect(rebuilt.code).toBe(0);
		expect(rebuilt.pnpm).toEqual(["exec turbo run build --filter=@kestrel/cli... --output-logs=new-only"]);
		expect(rebuilt.stderr).toContain("kestrel: building what changed since the last build");
		await setTimes(source, "behind");
		expect((await start(["--version"])).pnpm).toEqual([]);

		await appendFile(join(repo, "pnpm-lock.yaml"), "# a new dependency\n");
		const reinstalled = await start(["--version"]);
		expect(reinstalled.code).toBe(0);
		expect(reinstalled.pnpm).toEqual([
			"install --frozen-lockfile",
			"exec turbo run build --filter=@kestrel/cli... --output-logs=new-only",
		]);
		expect(reinstalled.stderr).toContain("changed since the last install");
		expect((await start(["--version"])).pnpm).toEqual([]);
	});

	it("stops without running kestrel when the build fails, and builds again next time", async () => {
		const source = join(repo, "packages/cli/src/main.ts");
		await setTimes(source, "ahead");
		const failed = await start(["--version"], { FAKE_BUILD_FAILS: "1" });
		expect(failed.code).not.toBe(0);
		expect(failed.stdout).toBe("");
		await setTimes(source, "behind");
		const next = await start(["--version"]);
		expect(next.pnpm).toEqual(["exec turbo run build --filter=@kestrel/cli... --output-logs=new-only"]);
		expect(next.code).toBe(0);
	});
});

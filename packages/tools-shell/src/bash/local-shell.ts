import { type ChildProcess, spawn } from "node:child_process";
import { statSync } from "node:fs";
import type { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { createGroupWatcher, type GroupWatcher } from "./group-watcher.js";
import { terminateProcessGroup } from "./process-group.js";
import { resolveShell } from "./resolve-shell.js";
import type { LocalShellOptions, ShellExit, ShellOperations, ShellSpawnOptions } from "./types.js";

const defaultKillGraceMs = 1000;
const defaultDrainMs = 200;
// After the group was killed, how long to wait for Node to report the shell's exit before
// settling without it (a process stuck in the kernel may never exit).
const exitAfterKillMs = 250;

/** Runs commands on this machine, each in its own process group: see `ShellOperations`. */
export function createLocalShellOperations(options: LocalShellOptions = {}): ShellOperations {
	const killGraceMs = options.killGraceMs ?? defaultKillGraceMs;
	const drainMs = options.drainMs ?? defaultDrainMs;
	const watcher = options.killWithHost === false ? undefined : createGroupWatcher();
	return {
		spawn: (command, spawnOptions) =>
			runInProcessGroup(command, resolveShell(options.shell, spawnOptions.env), spawnOptions, {
				killGraceMs,
				drainMs,
				watcher,
			}),
	};
}

async function runInProcessGroup(
	command: string,
	shell: string,
	{ cwd, env, signal, onData }: ShellSpawnOptions,
	{
		killGraceMs,
		drainMs,
		watcher,
	}: { killGraceMs: number; drainMs: number; watcher: GroupWatcher | undefined },
): Promise<ShellExit> {
	if (process.platform === "win32")
		throw new Error(
			"The local shell needs process groups (Linux, macOS); on Windows pass your own operations.",
		);
	assertDirectory(cwd);
	// `detached` makes the shell a session and process-group leader: the whole group can be
	// signalled at once, and with no controlling terminal nothing can prompt on /dev/tty.
	const child = spawn(shell, ["-c", command], {
		cwd,
		env,
		detached: true,
		stdio: ["ignore", "pipe", "pipe"],
	});
	let hasExited = false;
	const exited = new Promise<ShellExit>((resolve) =>
		child.once("exit", (exitCode, exitSignal) => {
			hasExited = true;
			resolve({ exitCode, signal: exitSignal });
		}),
	);
	await started(child, shell);
	const pid = child.pid!;
	watcher?.watch(pid);
	const pipes = [child.stdout!, child.stderr!];

	let reading = true;
	const forward = (chunk: Buffer) => {
		if (reading) onData(chunk);
	};
	for (const pipe of pipes) pipe.on("data", forward);
	const pipesEnded = Promise.all(pipes.map(ended));

	let termination: Promise<void> | undefined;
	let gaveUp: () => void = () => {};
	const killedWithoutExit = new Promise<undefined>((resolve) => {
		gaveUp = () => resolve(undefined);
	});
	const onAbort = () => {
		// Once the shell has exited on its own, what it left running in the background stays.
		if (hasExited || termination) return;
		termination = terminateProcessGroup(pid, killGraceMs);
		termination.then(() => delay(exitAfterKillMs, undefined, { ref: false })).then(gaveUp);
	};
	if (signal.aborted) onAbort();
	else signal.addEventListener("abort", onAbort, { once: true });

	try {
		// The shell's exit settles the call, not the end of the pipes: a background process
		// (`server &`) inherits them and may hold them open for as long as it runs.
		const exit = await Promise.race([exited, killedWithoutExit]);
		await Promise.all([termination, Promise.race([pipesEnded, delay(drainMs, undefined, { ref: false })])]);
		return exit ?? { exitCode: null, signal: null };
	} finally {
		watcher?.unwatch(pid);
		reading = false;
		signal.removeEventListener("abort", onAbort);
		for (const pipe of pipes) {
			pipe.off("data", forward);
			pipe.destroy();
		}
		child.unref();
	}
}

function assertDirectory(cwd: string): void {
	let isDirectory = false;
	try {
		isDirectory = statSync(cwd).isDirectory();
	} catch {}
	// spawn() would report a missing cwd as a missing shell (ENOENT): say what is wrong.
	if (!isDirectory) throw new Error(`The working directory ${cwd} does not exist or is not a directory.`);
}

function started(child: ChildProcess, shell: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const onError = (error: Error) =>
			reject(new Error(`Could not start the shell ${shell}: ${error.message}`));
		child.once("error", onError);
		child.once("spawn", () => {
			child.off("error", onError);
			// Later errors (a failed kill) must not crash the host as unhandled 'error' events.
			child.on("error", () => {});
			resolve();
		});
	});
}

function ended(pipe: Readable): Promise<void> {
	return new Promise((resolve) => {
		pipe.on("error", () => resolve());
		pipe.once("end", () => resolve());
		pipe.once("close", () => resolve());
	});
}

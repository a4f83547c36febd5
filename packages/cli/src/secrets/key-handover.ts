import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { keyVariablesIn, modelsFileKeyVariables } from "./key-variables.js";

/** Set in the re-executed process: the pid of the process holding the keys in its stdin pipe. */
const handoverVariable = "KESTREL_KEY_HANDOVER_PID";
// How long the holder waits to be read before it exits (and the keys with it).
const holderSeconds = 30;

/** What start-up hands to the rest of the CLI. */
export interface HeldKeys {
	/** The arguments without `--api-key` and its value. */
	argv: string[];
	/** The `--api-key` value. */
	apiKey?: string;
	/**
	 * The key variables set at start, sorted: those moved out of the start-up environment
	 * (the bash tool strips the same names by its own rule and the `models.json` list).
	 */
	variables: string[];
	/** A problem to report on stderr, if any. */
	warning?: string;
}

/**
 * Keeps the keys that pay for the model out of what commands can read about kestrel.
 *
 * On Linux a command can read its parent's start-up environment and arguments from
 * `/proc/$PPID/environ` and `/proc/$PPID/cmdline`; removing a variable from `process.env`
 * does not change them. So when a key variable is set or `--api-key` is given, kestrel
 * re-executes itself (`process.execve`, same pid) without the key variables and without
 * `--api-key`. The keys travel through a pipe: a `sleep` started for the purpose holds its
 * read end (`cat` fills it), the re-executed process reads it once through
 * `/proc/<pid>/fd/0`, then ends the holder. The keys are then put back into `process.env` (which changes the process's
 * memory, not the start-up block `/proc` shows), so key resolution works unchanged.
 *
 * Elsewhere (macOS, Node without `process.execve`), or when the holder cannot be started,
 * nothing is re-executed: the keys stay in the start-up environment, as `ps eww` shows.
 * On Linux the arguments are then still overwritten through `process.title`.
 */
export function holdKeys(
	argv: readonly string[],
	env: NodeJS.ProcessEnv = process.env,
	/** More variables to take out: the secret variables of the provider packages kestrel will load. */
	extraVariables: readonly string[] = [],
): HeldKeys {
	const holder = env[handoverVariable];
	if (holder !== undefined) {
		delete env[handoverVariable];
		return receiveKeys(Number(holder), [...argv], env);
	}
	const { rest, apiKey } = withoutApiKey(argv);
	// --version and --help print and exit: not worth a second start.
	if (asksVersionOrHelp(rest))
		return { argv: rest, variables: [], ...(apiKey === undefined ? {} : { apiKey }) };
	const variables = keyVariablesIn(env, [...modelsFileKeyVariables(env), ...extraVariables]);
	const held: HeldKeys = {
		argv: rest,
		variables,
		...(apiKey === undefined ? {} : { apiKey }),
	};
	if (variables.length === 0 && apiKey === undefined) return held;
	if (process.platform !== "linux") return held;
	const script = process.argv[1];
	if (typeof process.execve === "function" && script !== undefined) {
		const keys: Record<string, string> = {};
		for (const name of variables) keys[name] = env[name]!;
		const pid = startHolder(JSON.stringify({ keys, apiKey }), env);
		if (pid !== undefined) {
			const clean: Record<string, string> = {};
			for (const [name, value] of Object.entries(env))
				if (value !== undefined && !(name in keys)) clean[name] = value;
			clean[handoverVariable] = String(pid);
			try {
				process.execve(process.execPath, [process.execPath, ...process.execArgv, script, ...rest], clean);
			} catch {
				killHolder(pid);
			}
		}
	}
	// No re-execution: at least the arguments can be overwritten in place.
	if (apiKey !== undefined) process.title = "kestrel";
	return held;
}

/**
 * Whether {@link holdKeys} will look for key variables in `env`: not for `--version` and
 * `--help`, nor in the re-executed process, which receives the keys instead. Work done
 * only to name more variables (loading provider packages) is skipped otherwise.
 */
export function looksForKeys(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
	return env[handoverVariable] === undefined && !asksVersionOrHelp(withoutApiKey(argv).rest);
}

/** Splits `--api-key <key>` / `--api-key=<key>` off the arguments (options end at `--`). */
export function withoutApiKey(argv: readonly string[]): { rest: string[]; apiKey?: string } {
	const rest: string[] = [];
	let apiKey: string | undefined;
	for (let index = 0; index < argv.length; index += 1) {
		const argument = argv[index]!;
		if (argument === "--") {
			rest.push(...argv.slice(index));
			break;
		}
		if (argument.startsWith("--api-key=")) {
			apiKey = argument.slice("--api-key=".length);
			continue;
		}
		if (argument === "--api-key" && index + 1 < argv.length) {
			apiKey = argv[index + 1]!;
			index += 1;
			continue;
		}
		rest.push(argument);
	}
	return apiKey === undefined ? { rest } : { rest, apiKey };
}

function asksVersionOrHelp(argv: readonly string[]): boolean {
	for (const argument of argv) {
		if (argument === "--") return false;
		if (argument === "-v" || argument === "--version" || argument === "-h" || argument === "--help")
			return true;
	}
	return false;
}

/**
 * Starts `sleep` holding `payload` in its stdin pipe, detached from this process (the
 * shell that starts it exits at once), and returns its pid.
 */
function startHolder(payload: string, env: NodeJS.ProcessEnv): number | undefined {
	const result = spawnSync(
		"/bin/sh",
		// Node gives the shell a socket as stdin, which /proc/<pid>/fd cannot reopen: `cat`
		// copies the keys into a real pipe, whose read end `sleep` holds.
		["-c", `exec 3<&0; cat <&3 2>/dev/null | sleep ${holderSeconds} >/dev/null 2>&1 3<&- & echo $!`],
		{ input: payload, encoding: "utf8", env: { PATH: env.PATH ?? "/usr/bin:/bin" }, timeout: 10_000 },
	);
	const pid = Number(result.stdout?.trim());
	return result.status === 0 && Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function receiveKeys(pid: number, argv: string[], env: NodeJS.ProcessEnv): HeldKeys {
	let payload: { keys?: Record<string, string>; apiKey?: string };
	try {
		if (!isHolder(pid)) throw new Error(`process ${pid} is not the key holder`);
		payload = JSON.parse(readFileSync(`/proc/${pid}/fd/0`, "utf8"));
	} catch (error) {
		return {
			argv,
			variables: [],
			warning: `kestrel: could not take over the API keys at start-up (${error instanceof Error ? error.message : String(error)}); running without them.`,
		};
	} finally {
		killHolder(pid);
	}
	const keys = payload.keys ?? {};
	// Into this process's memory only: /proc/<pid>/environ keeps showing the start-up block.
	for (const [name, value] of Object.entries(keys)) env[name] = value;
	return {
		argv,
		variables: Object.keys(keys).sort(),
		...(payload.apiKey === undefined ? {} : { apiKey: payload.apiKey }),
	};
}

function isHolder(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "sleep";
	} catch {
		return false;
	}
}

function killHolder(pid: number): void {
	try {
		if (isHolder(pid)) process.kill(pid, "SIGKILL");
	} catch {}
}

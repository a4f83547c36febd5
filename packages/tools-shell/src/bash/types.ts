/**
 * The contract of the bash tool: its options, the `details` it reports, and the
 * `ShellOperations` seam through which it runs commands.
 *
 * This module declares types only; its doc comments are the reference documentation of
 * the tool. The implementation files stay lean and explain only why they do things.
 *
 * Platform: POSIX (Linux, macOS). The local implementation relies on process groups
 * (`setsid` through `detached: true`, `kill(-pgid)`), which Windows does not have.
 */
import type { ToolExecutionMode } from "@kestrel/agent-core";

// ---------------------------------------------------------------------------------------
// Running commands
// ---------------------------------------------------------------------------------------

/** What `ShellOperations.spawn` needs besides the command text. */
export interface ShellSpawnOptions {
	/** The directory the command runs in: the tool's `root`. */
	cwd: string;
	/**
	 * The complete environment of the command, already cleaned of provider API keys (see
	 * `BashToolOptions.passEnv`). Use it as it is; do not merge `process.env` back in.
	 */
	env: Record<string, string>;
	/**
	 * Fires when the call is aborted or its timeout expires. The implementation must then
	 * stop the command and everything it started, and resolve (not reject) soon after.
	 */
	signal: AbortSignal;
	/**
	 * Receives the command's output, stdout and stderr merged, in the order the chunks
	 * arrive. The tool copies each chunk, so a buffer may be reused after the call returns.
	 * Calls made after `spawn`'s promise settled are ignored.
	 */
	onData: (chunk: Uint8Array) => void;
}

/** How the shell ended. */
export interface ShellExit {
	/** The shell's exit code; `null` when it was ended by a signal or never seen to exit. */
	exitCode: number | null;
	/** The signal that ended the shell (`"SIGKILL"`, …), else `null`. */
	signal: string | null;
}

/**
 * Where commands run. The default, `createLocalShellOperations()`, runs them on this
 * machine; a host can run them elsewhere (a container, a VM, over SSH) by passing its
 * own implementation as `BashToolOptions.operations`. The tool keeps everything else:
 * the timeout, output truncation and the full-output file, updates, the result text.
 *
 * An implementation must:
 * - run `command` through a POSIX shell (`sh -c` semantics) in `options.cwd` with
 *   exactly `options.env`, with no standard input;
 * - stream output to `options.onData` while the command runs;
 * - resolve when the shell itself exits, even if a background process it started still
 *   holds the output open (`server &`): wait briefly for output already written, then
 *   stop reading;
 * - when `options.signal` fires, stop the command and every process it started, then
 *   resolve with how the shell ended;
 * - reject only when the command could not be started at all (missing shell or working
 *   directory); the tool's call then rejects with that error, which agent-core hands to
 *   the model as an error result.
 */
export interface ShellOperations {
	spawn(command: string, options: ShellSpawnOptions): Promise<ShellExit>;
}

/** Options of `createLocalShellOperations`. */
export interface LocalShellOptions {
	/**
	 * The shell that runs commands, as `<shell> -c <command>`. Default: `$SHELL` (from
	 * the command's environment) when it names a POSIX-family shell (bash, zsh, sh, dash,
	 * ksh, mksh, ash, yash) that is executable, else `/bin/bash`, else `/bin/sh`. Shells
	 * with another syntax (fish, nushell, csh, …) are skipped because models write POSIX
	 * shell commands. The shell runs non-interactive and not as a login shell: bash reads
	 * no startup file (except `$BASH_ENV`), zsh reads only `~/.zshenv`.
	 */
	shell?: string;
	/**
	 * After an abort or timeout, how long the process group has to exit after `SIGTERM`
	 * before it gets `SIGKILL`. Default 1000 ms: short enough that an aborted call
	 * settles within agent-core's default `toolAbortGraceMs` (2000 ms).
	 */
	killGraceMs?: number;
	/**
	 * After the shell exits, how long to keep reading output that is still in the pipes
	 * before they are closed. Reading stops earlier when both pipes reach their end, which
	 * is the usual case; it takes the full time only when a background process keeps them
	 * open. Such a process gets `SIGPIPE` (EPIPE) if it writes afterwards. Default 200 ms.
	 */
	drainMs?: number;
	/**
	 * Whether a running command dies with the host process. Default `true`: a small
	 * `/bin/sh` watcher, started with the first command and shared by the calls of this
	 * `ShellOperations`, holds the read end of a pipe whose write end only the host has.
	 * When the host dies in any way (SIGKILL and crashes included), the pipe closes and
	 * the watcher sends SIGKILL to the process group of every call still running. What a
	 * command left in the background after exiting normally is not touched, and a
	 * process that left the group (`setsid`) is out of reach. If the host is killed in
	 * the instant between starting a shell and registering its group, that group is
	 * missed. `false` starts no watcher.
	 */
	killWithHost?: boolean;
}

// ---------------------------------------------------------------------------------------
// The tool
// ---------------------------------------------------------------------------------------

/** Options of `createBashTool(root, options)`. Durations are in milliseconds. */
export interface BashToolOptions {
	/** Where commands run. Default: `createLocalShellOperations()` (this machine). */
	operations?: ShellOperations;
	/** The timeout of a call that does not pass `timeout`. Default 120 000 (2 minutes). */
	defaultTimeoutMs?: number;
	/**
	 * The longest timeout a call may ask for; a larger `timeout` argument is clamped to it
	 * (and so is `defaultTimeoutMs`). Default 600 000 (10 minutes).
	 */
	maxTimeoutMs?: number;
	/** The model sees at most this many lines, the last ones. Default 2000. */
	maxOutputLines?: number;
	/**
	 * The model sees at most this many bytes of output, the last ones, cut at a line
	 * start when possible. Default 51 200 (50 KB). The limit of lines or bytes that is
	 * reached first applies.
	 */
	maxOutputBytes?: number;
	/**
	 * Where the full output of a truncated call is saved, as
	 * `kestrel-bash-<uuid>.log` (mode 0600). Default: `os.tmpdir()`. The tool never
	 * deletes these files: the model may read them in later turns. With custom
	 * `operations` the file is still written on the machine that runs the tool.
	 */
	tempDir?: string;
	/**
	 * The shortest time between two `onUpdate` calls (streamed partial output).
	 * Default 100 ms, so at most ten updates a second.
	 */
	updateIntervalMs?: number;
	/**
	 * Variables to set in the command's environment, on top of the parent's; `undefined`
	 * removes one. These are passed on purpose, so API-key variables given here are kept.
	 */
	env?: Record<string, string | undefined>;
	/**
	 * Names of the parent's variables to keep although they look like secrets, e.g.
	 * `["OPENAI_API_KEY"]` for an agent that must call the API from its scripts.
	 *
	 * By default the command's environment is the parent's (`process.env` at the time of
	 * the call) without LLM provider credentials: every name in
	 * {@link providerKeyVariables}, every name ending in `_API_KEY` (any case), and every
	 * name matched by `stripEnv`. A prompt-injected command then cannot read the keys the
	 * host app uses to pay for the model. Other tokens (`GITHUB_TOKEN`, `NPM_TOKEN`, …)
	 * are kept by default because everyday commands (`gh`, `npm install` from a private
	 * registry) need them; add `/_TOKEN$/` to `stripEnv` to remove them too.
	 *
	 * `@kestrel/ai` keeps its own list of key variables (`apiKeyVariables`); this pack
	 * does not import it, since tool packs depend on nothing but agent-core's types.
	 */
	passEnv?: readonly string[];
	/** More variables to remove: exact names, or patterns tested against each name. */
	stripEnv?: readonly (string | RegExp)[];
	/**
	 * Unset by default, so the loop's `toolExecution` applies (parallel unless the app
	 * chooses otherwise): each command is its own OS process, and models batch
	 * independent commands (`git status` next to `git log`). Pass `"sequential"` when
	 * the agent's commands and file edits must never overlap.
	 */
	executionMode?: ToolExecutionMode;
}

/**
 * How a call ended.
 * - `running`: only in `onUpdate` partial results.
 * - `exited`: the shell exited on its own; `exitCode` says how (0 is success).
 * - `killed`: a signal from outside the tool ended the shell (`signal` says which).
 * - `timed_out` / `aborted`: the tool stopped the command and its process group.
 */
export type BashStatus = "running" | "exited" | "killed" | "timed_out" | "aborted";

/** What the model was shown of the output, and where the rest is. */
export interface BashOutputSummary {
	/** Bytes and lines the command wrote (stdout and stderr). */
	totalBytes: number;
	totalLines: number;
	/** Bytes and lines of the tail shown to the model (before escape sequences are removed). */
	shownBytes: number;
	shownLines: number;
	/** Whether the model saw less than everything. */
	truncated: boolean;
	/** The file holding the complete output; only when `truncated`. */
	fullOutputPath?: string;
	/** Why the complete output could not be saved, when that failed. */
	fullOutputError?: string;
}

/** The `details` of every bash result and partial result. */
export interface BashToolDetails {
	command: string;
	/** The working directory: the tool's root. */
	cwd: string;
	status: BashStatus;
	exitCode: number | null;
	signal: string | null;
	/** The timeout that applied, after clamping to `maxTimeoutMs`. */
	timeoutMs: number;
	/** Time from the start of the call until now (updates) or until it ended. */
	durationMs: number;
	output: BashOutputSummary;
	/** Names (never values) of the variables removed from the command's environment. */
	removedEnv: string[];
}

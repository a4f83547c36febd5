import { tmpdir } from "node:os";
import { resolve } from "node:path";
import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { bashDisplay } from "./bash-display.js";
import { buildChildEnvironment } from "./environment.js";
import { createLocalShellOperations } from "./local-shell.js";
import { OutputBuffer, type OutputSnapshot } from "./output-buffer.js";
import { formatBytes, outputText, resultText, seconds } from "./result-text.js";
import type { BashStatus, BashToolDetails, BashToolOptions, ShellExit } from "./types.js";
import { UpdateThrottle } from "./update-throttle.js";

const defaultTimeoutMs = 120_000;
const maxTimeoutMs = 600_000;
const maxOutputLines = 2000;
const maxOutputBytes = 50 * 1024;
const updateIntervalMs = 100;
// setTimeout fires at once for delays it cannot represent; a longer timeout means "never".
const longestTimerMs = 2 ** 31 - 1;

function createBashParameters(defaultSeconds: string, maxSeconds: string) {
	return Type.Object({
		command: Type.String({ description: "The command to run, in POSIX shell syntax." }),
		timeout: Type.Optional(
			Type.Number({
				description: `Seconds after which the command is stopped (default ${defaultSeconds}, at most ${maxSeconds}).`,
			}),
		),
	});
}

/** The TypeBox schema of the bash tool's arguments: `{ command: string; timeout?: number }`. */
export type BashToolParameters = ReturnType<typeof createBashParameters>;
export type BashToolArguments = Static<BashToolParameters>;
export type BashTool = AgentTool<BashToolParameters, BashToolDetails>;

/**
 * The `bash` tool: runs a command through a shell in `root` and returns its output and
 * exit status. See `BashToolOptions` for the limits and the environment rules, and
 * `ShellOperations` for running commands somewhere else than this machine.
 */
export function createBashTool(root: string, options: BashToolOptions = {}): BashTool {
	const cwd = resolve(root);
	const operations = options.operations ?? createLocalShellOperations();
	const maxTimeout = options.maxTimeoutMs ?? maxTimeoutMs;
	const defaultTimeout = Math.min(options.defaultTimeoutMs ?? defaultTimeoutMs, maxTimeout);
	const limits = {
		maxLines: Math.max(1, options.maxOutputLines ?? maxOutputLines),
		maxBytes: Math.max(1, options.maxOutputBytes ?? maxOutputBytes),
	};
	const tempDir = options.tempDir ?? tmpdir();
	const interval = options.updateIntervalMs ?? updateIntervalMs;
	const defaultSeconds = seconds(defaultTimeout);
	const maxSeconds = seconds(maxTimeout);

	return {
		name: "bash",
		label: "Bash",
		effects: { kind: "execute", openWorld: true, destructive: true },
		display: bashDisplay,
		description:
			`Runs a shell command in ${cwd} and returns its output (stdout and stderr together) and exit status. ` +
			"Each call starts a new non-interactive shell with stdin closed; `cd` and variables do not persist. " +
			`Output beyond ${limits.maxLines} lines or ${formatBytes(limits.maxBytes)} keeps its end; the full ` +
			"output is then saved to a file whose path is shown. " +
			`Commands are stopped after ${defaultSeconds} s unless \`timeout\` asks for more (at most ${maxSeconds} s).`,
		parameters: createBashParameters(defaultSeconds, maxSeconds),
		...(options.executionMode === undefined ? {} : { executionMode: options.executionMode }),

		async execute(_toolCallId, args, signal, onUpdate): Promise<AgentToolResult<BashToolDetails>> {
			const startedAt = Date.now();
			const timeoutMs = clampTimeout(args.timeout, defaultTimeout, maxTimeout);
			const { env, removed } = buildChildEnvironment(process.env, options);
			const output = new OutputBuffer(limits, tempDir);
			const describe = (status: BashStatus, exit: ShellExit, snapshot: OutputSnapshot): BashToolDetails => {
				const { text: _text, ...summary } = snapshot;
				return {
					command: args.command,
					cwd,
					status,
					exitCode: exit.exitCode,
					signal: exit.signal,
					timeoutMs,
					durationMs: Date.now() - startedAt,
					output: summary,
					removedEnv: removed,
				};
			};
			const notStarted: ShellExit = { exitCode: null, signal: null };

			if (signal.aborted) {
				const details = describe("aborted", notStarted, output.snapshot());
				return {
					content: [{ type: "text", text: "Command not run: the call was aborted." }],
					details,
					isError: true,
				};
			}

			const controller = new AbortController();
			let stoppedBy: "timed_out" | "aborted" | undefined;
			const stop = (reason: "timed_out" | "aborted") => {
				stoppedBy ??= reason;
				controller.abort();
			};
			const onAbort = () => stop("aborted");
			signal.addEventListener("abort", onAbort, { once: true });
			const timer = setTimeout(() => stop("timed_out"), Math.min(timeoutMs, longestTimerMs));
			let running = true;
			const throttle = new UpdateThrottle(() => {
				const snapshot = output.snapshot();
				sendUpdate(onUpdate, {
					content: [{ type: "text", text: outputText(snapshot) }],
					details: describe("running", notStarted, snapshot),
				});
			}, interval);

			try {
				const exit = await operations.spawn(args.command, {
					cwd,
					env,
					signal: controller.signal,
					onData: (chunk) => {
						if (!running) return;
						output.append(chunk);
						throttle.notify();
					},
				});
				running = false;
				throttle.stop();
				const status: BashStatus = stoppedBy ?? (exit.signal === null ? "exited" : "killed");
				const snapshot = output.snapshot();
				const details = describe(status, exit, snapshot);
				return {
					content: [{ type: "text", text: resultText(snapshot, details) }],
					details,
					isError: status !== "exited" || exit.exitCode !== 0,
				};
			} finally {
				running = false;
				throttle.stop();
				clearTimeout(timer);
				signal.removeEventListener("abort", onAbort);
				output.close();
			}
		},
	};
}

/** The `timeout` argument (seconds) as milliseconds: the default when absent or not positive, at most the maximum. */
function clampTimeout(seconds: number | undefined, defaultMs: number, maxMs: number): number {
	if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return defaultMs;
	return Math.min(Math.max(1, Math.round(seconds * 1000)), maxMs);
}

// A listener's failure must not take the command down with it: this runs from a timer.
function sendUpdate(
	onUpdate: AgentToolUpdateCallback<BashToolDetails>,
	partialResult: AgentToolResult<BashToolDetails>,
): void {
	try {
		onUpdate(partialResult);
	} catch {}
}

import { type ChildProcess, spawn } from "node:child_process";
import { signalProcessGroup, terminateProcessGroup } from "@kestrel/tools-shell";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { trackGroup } from "./process-group.js";
import type { StderrLog } from "./stderr-log.js";

/** How a stdio server process is started. */
export interface StdioProcessOptions {
	command: string;
	args: readonly string[];
	env: Record<string, string>;
	cwd: string;
	stderr: StderrLog;
	/** How long `close` waits after `SIGTERM` before `SIGKILL`. */
	closeGraceMs: number;
}

/** How the process ended, for error messages. */
export interface ProcessExit {
	code: number | null;
	signal: NodeJS.Signals | null;
}

/**
 * The MCP stdio transport, with the server in a process group of its own: the SDK's
 * `StdioClientTransport` spawns without `detached`, so a server's own children (an `npx`
 * wrapper's node, a shell's commands) outlive a kill of the server. Here `close` sends
 * `SIGTERM` to the whole group, then `SIGKILL` after the grace period; stderr goes to the
 * server's log file. On Windows there are no process groups: the child alone is killed.
 */
export class StdioProcessTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;
	/** Set once the process exited. */
	exit: ProcessExit | undefined;
	private child: ChildProcess | undefined;
	private readonly buffer = new ReadBuffer();
	private untrack: (() => void) | undefined;
	private closing: Promise<void> | undefined;
	private draining = false;

	constructor(private readonly options: StdioProcessOptions) {}

	/** The server's process id (also its process group's id), once started. */
	get pid(): number | undefined {
		return this.child?.pid;
	}

	start(): Promise<void> {
		const { command, args, env, cwd, stderr } = this.options;
		const grouped = process.platform !== "win32";
		return new Promise((resolve, reject) => {
			const child = spawn(command, [...args], {
				cwd,
				env,
				stdio: ["pipe", "pipe", "pipe"],
				detached: grouped,
				windowsHide: true,
			});
			this.child = child;
			child.once("error", (error) => {
				const code = (error as NodeJS.ErrnoException).code;
				const message =
					code === "ENOENT"
						? `could not start "${command}": no such program (check "command" and the PATH) or no such folder "${cwd}"`
						: `could not start "${command}": ${error.message}`;
				reject(new Error(message));
				this.onerror?.(new Error(message));
			});
			child.once("spawn", () => {
				if (grouped && child.pid !== undefined) this.untrack = trackGroup(child.pid);
				resolve();
			});
			child.once("close", (code, signal) => {
				this.exit = { code, signal };
				this.untrack?.();
				this.onclose?.();
			});
			child.stdin?.on("error", (error) => this.onerror?.(error));
			child.stdout?.on("data", (chunk: Buffer) => {
				try {
					this.buffer.append(chunk);
				} catch (error) {
					// A line longer than the SDK's 10 MB limit: the stream cannot be resynchronised.
					this.onerror?.(error as Error);
					void this.close();
					return;
				}
				this.drain();
			});
			child.stderr?.on("data", (chunk: Buffer) => stderr.write(chunk));
		});
	}

	send(message: JSONRPCMessage): Promise<void> {
		return new Promise((resolve, reject) => {
			const stdin = this.child?.stdin;
			if (!stdin || stdin.destroyed || this.exit !== undefined) {
				reject(new Error("the server process is not running"));
				return;
			}
			if (stdin.write(serializeMessage(message))) resolve();
			else stdin.once("drain", resolve);
		});
	}

	/** Stops the server and everything it started; idempotent. */
	close(): Promise<void> {
		this.closing ??= this.stop();
		return this.closing;
	}

	private async stop(): Promise<void> {
		const child = this.child;
		// Never spawned (no such program): nothing to stop.
		if (child === undefined || child.pid === undefined) return;
		try {
			child.stdin?.end();
		} catch {
			// Already closed.
		}
		const pid = child.pid;
		if (pid !== undefined && process.platform !== "win32") {
			await terminateProcessGroup(pid, this.options.closeGraceMs);
		} else if (this.exit === undefined) {
			child.kill("SIGTERM");
			await new Promise((resolve) => setTimeout(resolve, this.options.closeGraceMs).unref());
			if (this.exit === undefined) child.kill("SIGKILL");
		}
		this.untrack?.();
		this.buffer.clear();
	}

	/** Kills the group at once (used when a start is given up). */
	kill(): void {
		const pid = this.child?.pid;
		if (pid !== undefined && process.platform !== "win32") signalProcessGroup(pid, "SIGKILL");
		else this.child?.kill("SIGKILL");
	}

	/**
	 * Hands the buffered messages to the client one per turn of the event loop. The SDK
	 * runs a notification's handler a microtask after receiving it but settles a response
	 * at once, dropping the call's progress handler: given together, a progress
	 * notification and the response that follows it would lose the notification.
	 */
	private drain(): void {
		if (this.draining) return;
		this.draining = true;
		const next = (): void => {
			let message: JSONRPCMessage | null;
			try {
				message = this.buffer.readMessage();
			} catch (error) {
				this.onerror?.(error as Error);
				setImmediate(next);
				return;
			}
			if (message === null) {
				this.draining = false;
				return;
			}
			this.onmessage?.(message);
			setImmediate(next);
		};
		next();
	}
}

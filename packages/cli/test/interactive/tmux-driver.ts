import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { threadId } from "node:worker_threads";

const run = promisify(execFile);
const TMUX = "/usr/bin/tmux";

export interface TmuxOptions {
	cwd: string;
	/** The whole environment of the command (nothing is inherited from the test process). */
	env: NodeJS.ProcessEnv;
	command: string[];
	width?: number;
	height?: number;
}

let counter = 0;

/**
 * A command in a detached tmux session on its own tmux server (socket), so that tests
 * neither see nor disturb the user's tmux: type, press keys, read the screen.
 */
export class TmuxSession {
	private constructor(private readonly socket: string) {}

	static async start(options: TmuxOptions): Promise<TmuxSession> {
		if (!existsSync(TMUX)) throw new Error(`${TMUX} is missing: install it with apt-get install -y tmux`);
		// Test files run in worker threads of one process: the thread tells them apart.
		const socket = `kestrel-test-${process.pid}-${threadId}-${++counter}`;
		const env = Object.entries(options.env).flatMap(([name, value]) =>
			value === undefined ? [] : [`${name}=${value}`],
		);
		// `env -i`: the tmux server's own environment (the test's, maybe with real keys) must not leak in.
		const shellCommand = ["env", "-i", ...env, ...options.command].map(quote).join(" ");
		await run(TMUX, [
			"-L",
			socket,
			"-f",
			"/dev/null",
			"new-session",
			"-d",
			"-s",
			"main",
			"-x",
			String(options.width ?? 120),
			"-y",
			String(options.height ?? 40),
			"-c",
			options.cwd,
			// Keep the pane after the command exits, to read its last screen and exit status.
			`${shellCommand}; echo "[exited $?]"; sleep 600`,
		]);
		return new TmuxSession(socket);
	}

	/**
	 * Types text literally (no key names), then waits (at most `settleMs`, without failing)
	 * until the screen shows it: keys sent right after, such as Enter, would otherwise
	 * reach a busy program in the same read and count as part of a paste. The margin is for
	 * a loaded machine; text that shows up returns at once.
	 */
	async type(text: string, settleMs = 30_000): Promise<void> {
		const before = await this.capture();
		await this.tmux("send-keys", "-t", "main", "-l", text);
		const deadline = Date.now() + settleMs;
		while (Date.now() < deadline) {
			const screen = await this.capture();
			// A single key may only change the screen (a y/n answer); longer text shows up once more.
			if (screen !== before && (text.length <= 1 || count(screen, text) > count(before, text))) return;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}

	/**
	 * Pastes text the way a terminal does: line breaks become `\r`, and the whole is wrapped
	 * in bracketed-paste markers when the program asked for them (`ESC[?2004h`).
	 */
	async paste(text: string): Promise<void> {
		await this.tmux("set-buffer", "-b", "paste", text);
		await this.tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "main");
	}

	/** Presses keys by tmux name: `Enter`, `Escape`, `C-c`, `M-Enter`, `Down`. */
	async press(...keys: string[]): Promise<void> {
		await this.tmux("send-keys", "-t", "main", ...keys);
	}

	/** The visible screen and its scrollback, as text. */
	async capture(): Promise<string> {
		const { stdout } = await this.tmux("capture-pane", "-p", "-J", "-t", "main", "-S", "-2000");
		return stdout;
	}

	/**
	 * Polls the screen until `pattern` shows up; fails with the last screen after `timeoutMs`
	 * (a margin for a loaded machine: a screen that is right returns at once).
	 */
	async waitFor(pattern: string | RegExp, timeoutMs = 60_000): Promise<string> {
		const deadline = Date.now() + timeoutMs;
		let screen = "";
		while (Date.now() < deadline) {
			screen = await this.capture();
			if (typeof pattern === "string" ? screen.includes(pattern) : pattern.test(screen)) return screen;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error(`Timed out waiting for ${String(pattern)}. The screen:\n${screen}`);
	}

	async kill(): Promise<void> {
		await this.tmux("kill-server").catch(() => undefined);
	}

	private tmux(...args: string[]) {
		return run(TMUX, ["-L", this.socket, ...args]);
	}
}

function count(haystack: string, needle: string): number {
	return haystack.split(needle).length - 1;
}

function quote(word: string): string {
	return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

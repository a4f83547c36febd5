import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

const SCRIPT = fileURLToPath(new URL("./children/session-writer.mjs", import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/session/index.js", import.meta.url));
const SOURCES = fileURLToPath(new URL("../../src/session/", import.meta.url));
const OUTPUTS = fileURLToPath(new URL("../../dist/session/", import.meta.url));

/**
 * Throws unless the package is built from the current sources: the child processes run the
 * built code, as users do, so a stale build would test yesterday's locking and appending.
 */
export function requireBuild(): void {
	const build = "build the package first (`npx tsc -b` in packages/harness)";
	if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: ${build}.`);
	const stale = readdirSync(SOURCES)
		.filter((name) => name.endsWith(".ts"))
		.find((name) => {
			const output = join(OUTPUTS, name.replace(/\.ts$/, ".js"));
			return !existsSync(output) || statSync(output).mtimeMs < statSync(join(SOURCES, name)).mtimeMs;
		});
	if (stale) throw new Error(`dist/session is older than src/session/${stale}: ${build}.`);
}

/** Starts writers that are SIGKILLed after the test if still running (a failed assertion must not leave them looping). */
export function useWriters(): (options: WriterOptions) => Writer {
	const running: Writer[] = [];
	afterEach(async () => {
		for (const writer of running.splice(0)) {
			if (writer.exitCode === undefined) {
				writer.kill();
				await writer.exited;
			}
		}
	});
	return (options) => {
		const writer = new Writer(options);
		running.push(writer);
		return writer;
	};
}

export interface WriterOptions {
	dir: string;
	path?: string;
	tag: string;
	onLocked?: "error" | "read-only";
	count?: number;
	largeEvery?: number;
	largeChars?: number;
	/** A pause after every 20 appends (default: only a `setImmediate`). */
	pauseMs?: number;
	hold?: boolean;
}

/** A child process running `children/session-writer.mjs`, with its output lines. */
export class Writer {
	readonly lines: string[] = [];
	private idCount = 0;
	readonly exited: Promise<number | null>;
	/** `undefined` while running. */
	exitCode: number | null | undefined;
	private readonly child: ChildProcess;
	private readonly waiters: { test: (line: string) => boolean; resolve: () => void }[] = [];

	constructor(options: WriterOptions) {
		this.child = spawn(process.execPath, [SCRIPT, JSON.stringify(options)], {
			stdio: ["pipe", "pipe", "inherit"],
		});
		// A child that already exited (it lost the lock race, or was killed) closes its stdin: a late
		// "stop" then fails with EPIPE, which is expected and must not surface as an uncaught error.
		this.child.stdin?.on("error", () => {});
		this.exited = new Promise((resolve) =>
			this.child.on("exit", (code) => {
				this.exitCode = code;
				resolve(code);
			}),
		);
		createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
			this.lines.push(line);
			if (line.startsWith("id ")) this.idCount++;
			for (const waiter of [...this.waiters]) {
				if (waiter.test(line)) {
					this.waiters.splice(this.waiters.indexOf(waiter), 1);
					waiter.resolve();
				}
			}
		});
	}

	get pid(): number {
		return this.child.pid as number;
	}

	/** The ids the child reported as written. */
	get ids(): string[] {
		return this.lines.filter((line) => line.startsWith("id ")).map((line) => line.slice(3));
	}

	/** Resolves once a line matching `test` was printed (now or earlier). */
	waitFor(test: (line: string) => boolean): Promise<void> {
		if (this.lines.some(test)) return Promise.resolve();
		return new Promise((resolve) => this.waiters.push({ test, resolve }));
	}

	/** Resolves once the child reported `count` written ids. */
	waitForIds(count: number): Promise<void> {
		return this.waitFor(() => this.idCount >= count);
	}

	stop(): void {
		const stdin = this.child.stdin;
		if (stdin && !stdin.destroyed && this.child.exitCode === null) stdin.write("stop\n");
	}

	kill(): void {
		this.child.kill("SIGKILL");
	}
}

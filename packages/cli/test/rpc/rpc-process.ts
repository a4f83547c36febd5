import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CliFixture, CliResult } from "../e2e/cli-fixture.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

/** A line of stdout, parsed. */
export type RpcLine = { type: string; [key: string]: unknown };

/** A response line. */
export interface RpcResponseLine {
	type: "response";
	id: string | number | null;
	command: string | null;
	success: boolean;
	// biome-ignore lint/suspicious/noExplicitAny: the tests read response data by shape and assert it with expect.
	data?: any;
	error?: { code: string; message: string; field?: string };
}

/** `kestrel --mode rpc` with its stdin and stdout as pipes. */
export interface RpcProcess {
	/** Every stdout line so far, in order. */
	lines: RpcLine[];
	/** Writes one line: an object as JSON, a string as it is. */
	send(command: object | string): void;
	/** Sends `command` with a fresh `id` and resolves with its response. */
	request(command: { type: string; [key: string]: unknown }): Promise<RpcResponseLine>;
	/** The first line at index ≥ `from` matching `predicate` (waits for it). */
	waitFor(predicate: (line: RpcLine) => boolean, from?: number): Promise<RpcLine>;
	/** The event line `{type:"event",event:{type}}` at index ≥ `from`; resolves with the event. */
	waitForEvent(type: string, from?: number): Promise<RpcLine>;
	/** Sends a signal to the process. */
	kill(signal: NodeJS.Signals): void;
	/** Closes stdin and waits for the process to end. */
	end(): Promise<CliResult>;
	/** Resolves when the process ends by itself. */
	result: Promise<CliResult>;
}

/** Guards a wait that would otherwise hang until the test times out, and says what was missing. */
const WAIT_LIMIT_MS = 60_000;

export function startRpc(fixture: CliFixture, args: string[] = []): RpcProcess {
	const child = spawn(process.execPath, [MAIN, "--mode", "rpc", ...args], {
		cwd: fixture.cwd,
		env: fixture.env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	const lines: RpcLine[] = [];
	const waiters = new Set<() => void>();
	let buffered = "";
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk: Buffer) => {
		const text = chunk.toString("utf8");
		stdout += text;
		buffered += text;
		let newline = buffered.indexOf("\n");
		while (newline >= 0) {
			lines.push(JSON.parse(buffered.slice(0, newline)) as RpcLine);
			buffered = buffered.slice(newline + 1);
			newline = buffered.indexOf("\n");
		}
		for (const waiter of [...waiters]) waiter();
	});
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	const result = new Promise<CliResult>((resolve) => {
		child.on("close", (code, signal) => {
			for (const waiter of [...waiters]) waiter();
			resolve({ code, signal, stdout, stderr });
		});
	});
	let exited = false;
	void result.then(() => {
		exited = true;
	});

	const waitFor = (predicate: (line: RpcLine) => boolean, from = 0) =>
		new Promise<RpcLine>((resolve, reject) => {
			const check = () => {
				const found = lines.slice(from).find(predicate);
				if (found) {
					finish();
					resolve(found);
				} else if (exited) {
					finish();
					reject(new Error(`kestrel exited before the expected line. stderr: ${stderr}`));
				}
			};
			const timer = setTimeout(() => {
				finish();
				reject(
					new Error(`no matching line; last lines: ${JSON.stringify(lines.slice(-5))}; stderr: ${stderr}`),
				);
			}, WAIT_LIMIT_MS);
			const finish = () => {
				clearTimeout(timer);
				waiters.delete(check);
			};
			waiters.add(check);
			check();
		});

	let nextId = 1;
	const send = (command: object | string) => {
		child.stdin.write(`${typeof command === "string" ? command : JSON.stringify(command)}\n`);
	};
	return {
		lines,
		send,
		request: async (command) => {
			const id = `r${nextId++}`;
			send({ id, ...command });
			return (await waitFor(
				(line) => line.type === "response" && line.id === id,
			)) as unknown as RpcResponseLine;
		},
		waitFor,
		waitForEvent: async (type, from) => {
			const line = await waitFor(
				(candidate) => (candidate.event as RpcLine | undefined)?.type === type,
				from,
			);
			return line.event as RpcLine;
		},
		kill: (signal) => {
			child.kill(signal);
		},
		end: () => {
			child.stdin.end();
			return result;
		},
		result,
	};
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import {
	encodeAnthropicStream,
	type ScriptBlock,
	type ScriptedResponse,
	type ScriptUsage,
	startWireServer,
	type WireServer,
} from "@kestrel/ai/testing";
import { defaultSessionDir } from "@kestrel/harness";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

/** What one run of the binary did. */
export interface CliResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** A temporary home, KESTREL_HOME, working folder and a wire server named `wire` in models.json. */
export interface CliFixture {
	server: WireServer;
	home: string;
	kestrelHome: string;
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** Runs `kestrel args…` to the end. */
	run(args: string[], options?: RunOptions): Promise<CliResult>;
	/** Starts `kestrel args…`; the caller decides when it ends. */
	start(args: string[], options?: RunOptions): { child: ChildProcess; result: Promise<CliResult> };
	/** The session files written for `cwd`. */
	sessionFiles(): Promise<string[]>;
	/** Resolves once the wire server has received `count` requests; throws after `timeoutMs`. */
	waitForRequests(count: number, timeoutMs?: number): Promise<void>;
	close(): Promise<void>;
}

export interface RunOptions {
	/** Written to stdin, which is then closed; without it stdin is `/dev/null`. */
	stdin?: string;
	/** Give stdin as a pipe that the test writes to and closes (or never does), via `child.stdin`. */
	openStdin?: boolean;
	env?: NodeJS.ProcessEnv;
}

/** The model flag for the wire server's provider. */
export const WIRE_MODEL = "wire/claude-wire";

/** One Anthropic streamed response made of `blocks`, with `usage`. */
export function reply(
	blocks: ScriptBlock[],
	usage: ScriptUsage = { input: 50, output: 10 },
): ScriptedResponse {
	return { body: encodeAnthropicStream({ blocks, usage }) };
}

/** One Anthropic streamed response that is only `text`. */
export const answer = (text: string, usage?: ScriptUsage): ScriptedResponse =>
	reply([{ type: "text", text }], usage);

export async function createCliFixture(options: { modelsFile?: boolean } = {}): Promise<CliFixture> {
	const root = await mkdtemp(join(tmpdir(), "kestrel-cli-"));
	const home = join(root, "home");
	const kestrelHome = join(root, "kestrel-home");
	const cwd = join(root, "work");
	await Promise.all([mkdir(home), mkdir(kestrelHome), mkdir(cwd)]);
	const server = await startWireServer();
	if (options.modelsFile !== false) {
		const modelsFile = {
			providers: {
				wire: {
					baseUrl: server.url,
					api: "anthropic-messages",
					apiKey: "$WIRE_TEST_KEY",
					models: [{ id: "claude-wire", contextWindow: 200_000, maxTokens: 8_192 }],
				},
			},
		};
		await writeFile(join(kestrelHome, "models.json"), JSON.stringify(modelsFile, null, 2));
	}
	// No real keys: only what a test needs, and a probe that finds no local server.
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: home,
		KESTREL_HOME: kestrelHome,
		KESTREL_LOCAL_SERVER_PORTS: String(await closedPort()),
		WIRE_TEST_KEY: "sk-wire-secret-key",
	};
	const start = (args: string[], extra: RunOptions = {}) => {
		const child = spawn(process.execPath, [MAIN, ...args], {
			cwd,
			env: { ...env, ...extra.env },
			stdio: [extra.stdin === undefined && !extra.openStdin ? "ignore" : "pipe", "pipe", "pipe"],
		});
		if (extra.stdin !== undefined) child.stdin?.end(extra.stdin);
		let stdout = "";
		let stderr = "";
		child.stdout?.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr?.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		const result = new Promise<CliResult>((resolve) => {
			child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
		});
		return { child, result };
	};
	return {
		server,
		home,
		kestrelHome,
		cwd,
		env,
		run: (args, extra) => start(args, extra).result,
		start: (args, extra) => start(args, extra),
		sessionFiles: async () => {
			const dir = defaultSessionDir(cwd, kestrelHome);
			const names = await readdir(dir).catch(() => []);
			return names.filter((name) => name.endsWith(".jsonl")).map((name) => join(dir, name));
		},
		waitForRequests: async (count, timeoutMs = 60_000) => {
			const deadline = Date.now() + timeoutMs;
			while (server.requests.length < count) {
				if (Date.now() >= deadline) {
					throw new Error(
						`expected ${count} request(s) to the wire server within ${timeoutMs} ms, but ${server.requests.length} arrived`,
					);
				}
				await sleep(20);
			}
		},
		close: async () => {
			await server.close();
			await rm(root, { recursive: true, force: true });
		},
	};
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
	const address = probe.address();
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	return typeof address === "object" && address ? address.port : 1;
}

/**
 * Start-up of the `kestrel` command (issue 7): wall time from spawning the process to
 * - `--version` printed and the process gone, against bare `node -e 0` and the reference
 *   coding agent (`pi --version` of `@mariozechner/pi-coding-agent` 0.73.1);
 * - print mode's first request reaching a loopback server (`kestrel -p hi` with a
 *   models.json model that points at it): settings, model resolution, session file,
 *   harness, tools, provider SDK — everything before the first byte goes out.
 *
 * Each figure is the median of BENCH_STARTUP_RUNS (default 15) spawns after two warm-ups,
 * in rotated order. Target: `kestrel --version` within 2× of bare Node. Exits non-zero
 * with BENCH_STRICT=1 when the target fails. Needs `pnpm build` first (the CLI's dist).
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { median } from "../measure.js";

const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const strict = process.env.BENCH_STRICT === "1";
const kestrelMain = fileURLToPath(new URL("../../../packages/cli/bin/kestrel.js", import.meta.url));
const piMain = fileURLToPath(
	new URL("../../node_modules/@mariozechner/pi-coding-agent/dist/cli.js", import.meta.url),
);

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Spawns node with `args` and resolves with the wall time until it exits (ms). */
function timeExit(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const started = process.hrtime.bigint();
		const child = spawn(process.execPath, args, { env, cwd, stdio: ["ignore", "ignore", "pipe"] });
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on("error", reject);
		child.on("exit", (code) => {
			if (code !== 0) reject(new Error(`${args.join(" ")} exited with ${code}: ${stderr.trim()}`));
			else resolve(Number(process.hrtime.bigint() - started) / 1e6);
		});
	});
}

/**
 * Spawns `kestrel -p` and resolves with the wall time until its request reaches the server
 * (ms), once the process has exited, so that it does not overlap the next measured spawn.
 * Rejects if it exits non-zero or without making a request.
 */
function timeFirstRequest(
	server: RequestClock,
	env: NodeJS.ProcessEnv,
	cwd: string,
	extraArgs: readonly string[] = [],
): Promise<number> {
	return new Promise((resolve, reject) => {
		const started = process.hrtime.bigint();
		let requestAt: bigint | undefined;
		const child = spawn(process.execPath, [kestrelMain, "-p", "hi", "--no-session", ...extraArgs], {
			env,
			cwd,
			stdio: ["ignore", "ignore", "pipe"],
		});
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const onRequest = (at: bigint) => {
			requestAt = at;
		};
		server.next = onRequest;
		const detach = () => {
			if (server.next === onRequest) server.next = undefined;
		};
		child.on("error", (error) => {
			detach();
			reject(error);
		});
		child.on("exit", (code, signal) => {
			detach();
			if (code !== 0) {
				reject(new Error(`kestrel -p exited with ${code ?? signal}: ${stderr.trim()}`));
			} else if (requestAt === undefined) {
				reject(new Error(`kestrel -p exited without a request reaching the server: ${stderr.trim()}`));
			} else {
				resolve(Number(requestAt - started) / 1e6);
			}
		});
	});
}

interface RequestClock {
	server: Server;
	url: string;
	next: ((at: bigint) => void) | undefined;
}

async function startClock(): Promise<RequestClock> {
	const body = encodeAnthropicStream({
		blocks: [{ type: "text", text: "hello" }],
		usage: { input: 3, output: 1 },
	});
	const clock: RequestClock = { server: createServer(), url: "", next: undefined };
	clock.server.on("request", (request, response) => {
		clock.next?.(process.hrtime.bigint());
		clock.next = undefined;
		request.resume();
		// The whole stream (through message_stop) in one go, and no keep-alive: the run
		// completes, kestrel exits, and no idle socket outlives it.
		response.writeHead(200, { "content-type": "text/event-stream", connection: "close" });
		response.end(body);
	});
	await new Promise<void>((resolve) => clock.server.listen(0, "127.0.0.1", resolve));
	clock.url = `http://127.0.0.1:${(clock.server.address() as AddressInfo).port}`;
	return clock;
}

const root = await mkdtemp(join(tmpdir(), "kestrel-startup-"));
const home = join(root, "home");
const kestrelHome = join(root, "kestrel-home");
const cwd = join(root, "work");
await Promise.all([mkdir(home), mkdir(kestrelHome), mkdir(cwd)]);
const clock = await startClock();
await writeFile(
	join(kestrelHome, "models.json"),
	JSON.stringify({
		providers: {
			bench: {
				baseUrl: clock.url,
				api: "anthropic-messages",
				apiKey: "bench-key",
				models: [{ id: "bench-model", contextWindow: 200_000, maxTokens: 1_000 }],
			},
		},
	}),
);
const env: NodeJS.ProcessEnv = {
	PATH: process.env.PATH,
	HOME: home,
	KESTREL_HOME: kestrelHome,
	KESTREL_LOCAL_SERVER_PORTS: "",
	PI_CODING_AGENT_DIR: join(home, ".pi"),
};

const cases: { label: string; measure: () => Promise<number> }[] = [
	{ label: "node -e 0", measure: () => timeExit(["-e", "0"], env, cwd) },
	{ label: "kestrel --version", measure: () => timeExit([kestrelMain, "--version"], env, cwd) },
	{ label: "pi --version (0.73.1)", measure: () => timeExit([piMain, "--version"], env, cwd) },
	{
		label: "kestrel -p: spawn → first request",
		measure: () => timeFirstRequest(clock, { ...env }, cwd),
	},
	{
		// A key given on the command line (or in a key variable) makes kestrel re-execute itself
		// on Linux, so that commands cannot read it from /proc (packages/cli README).
		label: "kestrel -p --api-key: spawn → first request",
		measure: () => timeFirstRequest(clock, { ...env }, cwd, ["--api-key", "bench-key"]),
	},
];

try {
	const samples = new Map(cases.map((item) => [item.label, [] as number[]]));
	for (let round = 0; round < runs + 2; round++) {
		for (let index = 0; index < cases.length; index++) {
			const item = cases[(index + round) % cases.length]!;
			const time = await item.measure();
			if (round >= 2) samples.get(item.label)!.push(time);
		}
	}
	const nodeTime = median(samples.get("node -e 0")!);
	log(`\nStart-up, wall time, median of ${runs} spawns (Node ${process.version}, ${process.platform})\n`);
	log("| what | median ms | × node -e 0 |");
	log("| --- | ---: | ---: |");
	for (const item of cases) {
		const time = median(samples.get(item.label)!);
		log(`| ${item.label} | ${time.toFixed(1)} | ×${(time / nodeTime).toFixed(2)} |`);
	}
	const ratio = median(samples.get("kestrel --version")!) / nodeTime;
	const pass = ratio <= 2;
	log(`\nkestrel --version within 2× of bare node: ×${ratio.toFixed(2)} ${pass ? "PASS" : "FAIL"}`);
	if (strict && !pass) process.exitCode = 1;
} finally {
	clock.server.close();
	await rm(root, { recursive: true, force: true });
}

/**
 * Durable runs at scale (issue 17): `BENCH_DURABLE_RUNS` agent runs of
 * `BENCH_DURABLE_TURNS` turns each (every turn but the last calls one tool) through
 * `@kestrel/durable-dbos`, on 1, 2 and 4 worker processes sharing one PostgreSQL (a
 * throwaway cluster per worker count, the one the tests use: scripts/postgres-test-cluster.mjs),
 * against a loopback Anthropic wire server with a hosted model's latency.
 *
 * For each worker count: the sessions are created first (Postgres store), then every run
 * is queued at once and the clock runs until the last one has ended. Checked after each
 * count (exit 1 on a failure): every run SUCCESS, none lost, each tool effect exactly
 * once (the effects file), each session holding exactly the run's messages. Reported:
 * runs per minute, and where the CPU went: the PostgreSQL server (its processes, from
 * /proc), the workers (`process.cpuUsage` at exit), this process (client and model
 * server). With 2 cores, a sum near 2 × wall means the machine was the limit.
 *
 * Environment: BENCH_DURABLE_RUNS (200), BENCH_DURABLE_TURNS (4), BENCH_DURABLE_WORKERS
 * (1,2,4), BENCH_DURABLE_WORKER_CONCURRENCY (runs at once per worker, 25),
 * BENCH_DURABLE_GLOBAL_CONCURRENCY (across workers, 100), BENCH_DURABLE_FIRST_TOKEN_MS
 * (400), BENCH_DURABLE_CHUNK_MS (delay between 64-byte writes, 15).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DurableRunClient } from "@kestrel/durable-dbos";
import { SessionManager } from "@kestrel/harness";
import { PostgresSessionBackend } from "@kestrel/session-postgres";
import pg from "pg";
import { postgresCpuSeconds, postmasterPid } from "./process-cpu.js";
import { startBenchModel } from "./scripted-model.js";
import type { BenchWorkerSettings } from "./worker.js";

const runs = Number(process.env.BENCH_DURABLE_RUNS ?? 200);
const turns = Number(process.env.BENCH_DURABLE_TURNS ?? 4);
const workerCounts = (process.env.BENCH_DURABLE_WORKERS ?? "1,2,4").split(",").map(Number);
const workerConcurrency = Number(process.env.BENCH_DURABLE_WORKER_CONCURRENCY ?? 25);
const globalConcurrency = Number(process.env.BENCH_DURABLE_GLOBAL_CONCURRENCY ?? 100);
const latency = {
	firstTokenMs: Number(process.env.BENCH_DURABLE_FIRST_TOKEN_MS ?? 400),
	chunkDelayMs: Number(process.env.BENCH_DURABLE_CHUNK_MS ?? 15),
};

interface Cluster {
	url: string;
	dir: string;
	stop(): Promise<void>;
}
const clusterModule = new URL("../../../scripts/postgres-test-cluster.mjs", import.meta.url);
const { startPostgresCluster } = (await import(pathToFileURL(fileURLToPath(clusterModule)).href)) as {
	startPostgresCluster(): Promise<Cluster>;
};

const WORKER = fileURLToPath(new URL("./worker.js", import.meta.url));
const log = (line: string) => process.stderr.write(`durable bench: ${line}\n`);

interface Row {
	workers: number;
	wallSeconds: number;
	runsPerMinute: number;
	postgresCpu: number;
	workersCpu: number;
	mainCpu: number;
	statementSeconds: number;
}

interface BenchWorker {
	exited: Promise<number>;
	stop(): Promise<number>;
}

async function startWorker(settings: BenchWorkerSettings): Promise<BenchWorker> {
	const child = spawn(process.execPath, [WORKER, JSON.stringify(settings)], {
		stdio: ["ignore", "pipe", "inherit"],
	});
	let output = "";
	child.stdout.on("data", (chunk) => {
		output += chunk;
	});
	const exited = new Promise<number>((resolve) => {
		child.on("exit", () => resolve(Number(/cpu (\d+)/.exec(output)?.[1] ?? Number.NaN) / 1e6));
	});
	await new Promise<void>((resolve, reject) => {
		const check = setInterval(() => {
			if (output.includes("ready\n")) {
				clearInterval(check);
				resolve();
			} else if (child.exitCode !== null) {
				clearInterval(check);
				reject(new Error(`worker ${settings.executorId} exited before it was ready`));
			}
		}, 20);
	});
	return {
		exited,
		stop: () => {
			child.kill("SIGTERM");
			return exited;
		},
	};
}

/** Seconds the database spent executing statements (pg_stat_database.active_time, PostgreSQL 14+). */
async function statementSeconds(url: string): Promise<number> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		const result = await client.query<{ ms: number }>(
			"SELECT coalesce(sum(active_time), 0)::float8 AS ms FROM pg_stat_database",
		);
		return (result.rows[0]?.ms ?? 0) / 1000;
	} finally {
		await client.end();
	}
}

async function benchWorkers(count: number, modelUrl: string, folder: string): Promise<Row> {
	const cluster = await startPostgresCluster();
	const effectsFile = join(folder, `effects-${count}.txt`);
	const workers: BenchWorker[] = [];
	const store = await PostgresSessionBackend.connect({ connectionString: cluster.url });
	const sessions = SessionManager.withBackend(store, { cwd: "/bench" });
	let client: DurableRunClient | undefined;
	try {
		for (let index = 0; index < count; index++) {
			workers.push(
				await startWorker({
					databaseUrl: cluster.url,
					executorId: `bench-${count}-${index + 1}`,
					modelUrl,
					effectsFile,
					workerConcurrency,
					globalConcurrency,
				}),
			);
		}
		client = await DurableRunClient.connect({ databaseUrl: cluster.url });
		const ids = Array.from({ length: runs }, (_, index) => `r${count}x${index}`);
		const refs = new Map<string, string>();
		for (const id of ids) {
			const session = await sessions.create();
			refs.set(id, `pg:${session.id}`);
			await session.close();
		}
		const statementsBefore = await statementSeconds(cluster.url);
		const postgresBefore = postgresCpuSeconds(postmasterPid(join(cluster.dir, "data")));
		const mainBefore = process.cpuUsage();
		const started = performance.now();
		await Promise.all(
			ids.map((id) => client!.start(id, { session: refs.get(id)!, prompt: `bench ${id} turns ${turns}` })),
		);
		let statuses = new Map<string, string>();
		for (;;) {
			statuses = await client.statuses(ids);
			const open = ids.filter((id) => !["SUCCESS", "ERROR", "CANCELLED"].includes(statuses.get(id) ?? ""));
			if (open.length === 0) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		const wallSeconds = (performance.now() - started) / 1000;
		const main = process.cpuUsage(mainBefore);
		const statements = (await statementSeconds(cluster.url)) - statementsBefore;
		const workersCpu = (await Promise.all(workers.splice(0).map((worker) => worker.stop()))).reduce(
			(a, b) => a + b,
			0,
		);
		await client.close();
		client = undefined;
		// The workers' backends have exited now; the postmaster has reaped them (their CPU is in its children's time).
		await new Promise((resolve) => setTimeout(resolve, 300));
		const postgresCpu = postgresCpuSeconds(postmasterPid(join(cluster.dir, "data"))) - postgresBefore;

		const failed = ids.filter((id) => statuses.get(id) !== "SUCCESS");
		if (failed.length > 0)
			throw new Error(`${failed.length} runs did not succeed: ${failed.slice(0, 5).join(", ")}`);
		const effects = readFileSync(effectsFile, "utf8").split("\n").filter(Boolean);
		const unique = new Set(effects);
		if (unique.size !== effects.length)
			throw new Error(`${effects.length - unique.size} tool effects were duplicated`);
		if (effects.length !== runs * (turns - 1))
			throw new Error(`expected ${runs * (turns - 1)} tool effects, found ${effects.length}`);
		for (const [id, ref] of refs) {
			const session = await sessions.open(ref, { readOnly: true });
			const messages = session.getEntries().filter((entry) => entry.type === "message").length;
			await session.close();
			if (messages !== 2 * turns)
				throw new Error(`session of ${id}: ${messages} messages, expected ${2 * turns}`);
		}
		return {
			workers: count,
			wallSeconds,
			runsPerMinute: (runs / wallSeconds) * 60,
			postgresCpu,
			workersCpu,
			mainCpu: (main.user + main.system) / 1e6,
			statementSeconds: statements,
		};
	} finally {
		await Promise.all(workers.map((worker) => worker.stop()));
		await client?.close();
		await store.close();
		await cluster.stop();
	}
}

const folder = await mkdtemp(join(tmpdir(), "kestrel-durable-bench-"));
const model = await startBenchModel(latency);
const rows: Row[] = [];
try {
	log(
		`${runs} runs of ${turns} turns, per worker ${workerConcurrency} at once (${globalConcurrency} in all), first token ${latency.firstTokenMs} ms, 64-byte writes ${latency.chunkDelayMs} ms apart`,
	);
	for (const count of workerCounts) {
		const row = await benchWorkers(count, model.url, folder);
		rows.push(row);
		log(`${count} worker(s): ${row.wallSeconds.toFixed(1)} s, all ${runs} runs checked`);
	}
} catch (error) {
	log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
	process.exitCode = 1;
} finally {
	await model.close();
	await rm(folder, { recursive: true, force: true });
}

if (rows.length > 0) {
	const cpuTotal = (row: Row) => row.postgresCpu + row.workersCpu + row.mainCpu;
	console.log(
		`\nDurable runs: ${runs} runs × ${turns} turns (${turns - 1} tool calls each), model ${latency.firstTokenMs} ms to first token\n`,
	);
	console.log(
		"| workers | wall | runs/min | CPU: Postgres | workers | client + model | Postgres share of CPU | statement time |",
	);
	console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
	for (const row of rows) {
		console.log(
			`| ${row.workers} | ${row.wallSeconds.toFixed(1)} s | ${row.runsPerMinute.toFixed(0)} | ${row.postgresCpu.toFixed(1)} s | ${row.workersCpu.toFixed(1)} s | ${row.mainCpu.toFixed(1)} s | ${((100 * row.postgresCpu) / cpuTotal(row)).toFixed(0)} % | ${row.statementSeconds.toFixed(1)} s |`,
		);
	}
}

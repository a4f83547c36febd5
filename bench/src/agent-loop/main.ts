/**
 * Agent-loop overhead (issue 4): 1,000 turns of three tool calls each through Kestrel's
 * loop and through `@mariozechner/pi-agent-core` 0.73.1, on the same script, the same
 * tool objects and the same response events, plus a floor: the least any loop must do
 * (consume each response, run the tools, append the messages; no events, no checks).
 *
 * Each loop is measured twice: with a synchronous event sink (`runAgentLoop`) and with its
 * events read through `for await` over its event stream (`agentLoop`), as apps and user
 * interfaces read them (issue 16's measure).
 *
 * Two sources of responses, each its own table:
 * - `provider`: the scripted provider of `@kestrel/ai/testing`, streamed live per turn.
 * - `replay`: the same provider's events recorded before the clock starts and played
 *   back, which leaves the loops' own work (plus the async iteration all three pay).
 *
 * Every client runs in processes of its own (`child.ts`), as an app runs one loop: each
 * process warms up with full runs, then measures a few; rounds start one process per
 * client in a rotated order, so that drift in machine load hits every client alike.
 * The warm-up is long (30,000 turns) because V8 optimises a function called once a turn
 * (the loop's `streamAssistant`, the provider's `attemptOnce`) only after several thousand
 * turns: after 8,000 it was still compiling them, on background threads that
 * `process.cpuUsage` counts, 20–40 µs a turn in the measured runs of every client.
 * CPU is user + system time of that process (`process.cpuUsage`), read at the `turn_end`s
 * where the measured windows start and end (see `TurnClock`). Overhead is a loop's CPU
 * per turn minus the floor's. Flatness compares turns 101–400 with the last 300, each
 * as the median of three 100-turn windows, so that one scavenge in one window does not
 * read as growth (the transcript grows to 4,000 messages). Figures are medians over every measured run.
 * A last table runs Kestrel's clients on replayed events at several run lengths (100,
 * 1,000 and 10,000 turns): the CPU per turn must not grow with the length of the run.
 *
 * Exits non-zero when a run does not do what the script says, or with BENCH_STRICT=1 when
 * a target fails. Environment: BENCH_AGENT_TURNS (default 1000), BENCH_AGENT_RUNS (rounds,
 * default 5), BENCH_AGENT_WARMUP_TURNS (turns of full runs before measuring, default
 * 30000), BENCH_AGENT_RUNS_PER_PROCESS (default 3), BENCH_AGENT_LENGTHS (default
 * 100,1000,10000; empty: no run-length table).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CLIENT_NAMES, CLIENTS, type ClientName } from "./clients.js";
import { median, type RunFigures, windowFor } from "./measure.js";
import type { Source } from "./runners.js";

const turns = Number(process.env.BENCH_AGENT_TURNS ?? 1000);
const rounds = Number(process.env.BENCH_AGENT_RUNS ?? 5);
const warmupTurns = Number(process.env.BENCH_AGENT_WARMUP_TURNS ?? 30_000);
const lengths = (process.env.BENCH_AGENT_LENGTHS ?? "100,1000,10000").split(",").filter(Boolean).map(Number);
const runsPerProcess = Number(process.env.BENCH_AGENT_RUNS_PER_PROCESS ?? 3);
const strict = process.env.BENCH_STRICT === "1";
const window = windowFor(turns);
const earlyLabel = `turns ${window + 1}–${4 * window}`;
const lateLabel = `last ${3 * window}`;
const childScript = fileURLToPath(new URL("./child.js", import.meta.url));
const run = promisify(execFile);

const log = (line: string) => process.stderr.write(`${line}\n`);

/** One process of one client: its warm-ups (full runs, `warmupTurns` turns in all), then its measured runs. */
async function measureInProcess(
	client: ClientName,
	source: Source,
	turns: number,
	runs: number,
	backToBack: boolean,
): Promise<RunFigures[]> {
	const warmups = Math.max(1, Math.ceil(warmupTurns / turns));
	const args = [childScript, client, source, String(turns), String(warmups), String(runs)];
	if (backToBack) args.push("back-to-back");
	try {
		const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
		return JSON.parse(stdout) as RunFigures[];
	} catch (error) {
		const { stderr } = error as { stderr?: string };
		console.error(
			`agent-loop bench: ${CLIENTS[client].label} (${source}) failed\n${stderr ?? String(error)}`,
		);
		process.exit(1);
	}
}

/** Every measured run of each client, `runs` per process, in rounds of one process per client. */
async function sampleClients(
	source: Source,
	turns: number,
	runs: number,
	clients: readonly ClientName[],
	backToBack = false,
): Promise<Map<ClientName, RunFigures[]>> {
	const samples = new Map<ClientName, RunFigures[]>(clients.map((client) => [client, []]));
	for (let round = 0; round < rounds; round++) {
		log(`agent-loop bench (${source}, ${turns} turns): round ${round + 1}/${rounds}`);
		for (let index = 0; index < clients.length; index++) {
			const client = clients[(round + index) % clients.length]!;
			samples.get(client)!.push(...(await measureInProcess(client, source, turns, runs, backToBack)));
		}
	}
	return samples;
}

/** Each client's median figures over its runs. */
async function measureSource(source: Source): Promise<Map<ClientName, RunFigures>> {
	const samples = await sampleClients(source, turns, runsPerProcess, CLIENT_NAMES);
	const summary = new Map<ClientName, RunFigures>();
	for (const [client, runs] of samples) {
		summary.set(client, {
			perTurnMs: median(runs.map((figures) => figures.perTurnMs)),
			earlyMs: median(runs.map((figures) => figures.earlyMs)),
			lateMs: median(runs.map((figures) => figures.lateMs)),
		});
	}
	return summary;
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const cell = (text: string, width = 12) => text.padStart(width);

interface Verdict {
	name: string;
	value: string;
	pass: boolean;
}

function report(source: Source, summary: Map<ClientName, RunFigures>): Verdict[] {
	const floor = summary.get("floor")!;
	console.log(
		`\nAgent loop, ${source === "provider" ? "scripted provider" : "replayed events"}: ${turns} turns × 3 tool calls, median of ${rounds * runsPerProcess} runs in ${rounds} rounds of a process per client`,
	);
	console.log(
		`${"client".padEnd(24)}${cell("CPU/turn")}${cell("overhead")}${cell(earlyLabel, 16)}${cell(lateLabel)}${cell("overhead Δ")}`,
	);
	const overhead = (client: ClientName) => {
		const own = summary.get(client)!;
		return {
			perTurnMs: own.perTurnMs - floor.perTurnMs,
			earlyMs: own.earlyMs - floor.earlyMs,
			lateMs: own.lateMs - floor.lateMs,
		};
	};
	for (const client of CLIENT_NAMES) {
		const own = summary.get(client)!;
		const extra = overhead(client);
		const isFloor = client === "floor";
		console.log(
			`${CLIENTS[client].label.padEnd(24)}${cell(us(own.perTurnMs))}${cell(isFloor ? "—" : us(extra.perTurnMs))}` +
				`${cell(us(own.earlyMs), 16)}${cell(us(own.lateMs))}${cell(isFloor ? "—" : us(extra.lateMs - extra.earlyMs))}`,
		);
	}
	const kestrel = overhead("kestrel");
	const pi = overhead("pi");
	const ratio = kestrel.perTurnMs / pi.perTurnMs;
	// Issue 16's measure: total CPU per turn with the events read through `for await`.
	const streamRatio = summary.get("kestrel-stream")!.perTurnMs / summary.get("pi-stream")!.perTurnMs;
	return [
		{
			name: `${source}: Kestrel's loop overhead ≤ 0.5 × pi-agent-core's`,
			value: `${ratio.toFixed(2)} ×`,
			pass: ratio <= 0.5,
		},
		flatness(source, "", "kestrel", overhead("kestrel"), summary),
		{
			name: `${source}: Kestrel's CPU per turn through for await ≤ 0.5 × pi-agent-core's`,
			value: `${streamRatio.toFixed(2)} ×`,
			pass: streamRatio <= 0.5,
		},
		flatness(source, " through for await", "kestrel-stream", overhead("kestrel-stream"), summary),
	];
}

/**
 * What the run shell (`Agent`) costs per turn beyond the loop it drives (with a
 * synchronous sink): its state updates and listener dispatch. Printed, not judged: the
 * issue's "adds nothing per turn" is judged as no growth with the run's length (the
 * run-length table); a fixed few microseconds a turn is the shell's work.
 */
function shellCost(source: Source, summary: Map<ClientName, RunFigures>): string {
	const loop = summary.get("kestrel")!.perTurnMs;
	const extra = summary.get("kestrel-agent")!.perTurnMs - loop;
	return `${source}: Kestrel's run shell (Agent) over the loop: ${extra >= 0 ? "+" : ""}${us(extra)} a turn (${((extra / loop) * 100).toFixed(1)} % of the loop's CPU per turn)`;
}

/**
 * Flat: the loop's own cost per turn at the end of the run exceeds its early cost by at
 * most a quarter of a whole early turn (noise allowance; O(n) work per turn grows far more).
 */
function flatness(
	source: Source,
	how: string,
	client: ClientName,
	extra: { earlyMs: number; lateMs: number },
	summary: Map<ClientName, RunFigures>,
): Verdict {
	const growth = (extra.lateMs - extra.earlyMs) / summary.get(client)!.earlyMs;
	return {
		name: `${source}: Kestrel's per-turn overhead${how} flat over the run (growth ≤ 25 % of a turn)`,
		value: `${(growth * 100).toFixed(1)} %`,
		pass: growth <= 0.25,
	};
}

/** The clients whose cost per turn must not grow with the length of the run. */
const LENGTH_CLIENTS: readonly ClientName[] = ["floor", "kestrel", "kestrel-stream", "kestrel-agent"];

/** Turns measured per process at each run length: short runs are run back to back. */
const LENGTH_TURNS = 10_000;

/**
 * CPU per turn as a function of the run's length, replayed events: each process runs
 * back to back as many runs of one length as make 10,000 turns, and the figure is the
 * mean over all of them (total CPU over total turns), so that garbage collection, which a
 * single 100-turn run may escape and leave to the next, is counted at every length.
 *
 * The floor's own figure grows with the length too (its heap holds the longer run's
 * recorded events and transcript, and collecting it costs more), so a client is flat when
 * its growth from the shortest to the longest runs is at most 1.25 × the floor's: a loop
 * that does O(n) work per turn grows ×10 and more at 10,000 turns (pi-agent-core's does,
 * through its `convertToLlm` and its context copies).
 */
async function reportLengths(): Promise<Verdict[]> {
	if (lengths.length < 2) return [];
	const byLength = new Map<number, Map<ClientName, number>>();
	for (const length of lengths) {
		const runs = Math.max(1, Math.round(LENGTH_TURNS / length));
		const samples = await sampleClients("replay", length, runs, LENGTH_CLIENTS, true);
		const means = new Map<ClientName, number>();
		for (const [client, figures] of samples)
			means.set(client, figures.reduce((sum, run) => sum + run.perTurnMs, 0) / figures.length);
		byLength.set(length, means);
	}
	console.log(
		`\nRun length, replayed events: mean CPU per turn over ${rounds} × ${LENGTH_TURNS} turns in runs of each length`,
	);
	console.log(
		`${"client".padEnd(24)}${lengths.map((length) => cell(`${length} turns`, 14)).join("")}${cell("growth", 10)}`,
	);
	const verdicts: Verdict[] = [];
	const shortest = lengths[0]!;
	const longest = lengths.at(-1)!;
	const growthOf = (client: ClientName) =>
		byLength.get(longest)!.get(client)! / byLength.get(shortest)!.get(client)!;
	const floorGrowth = growthOf("floor");
	for (const client of LENGTH_CLIENTS) {
		const figures = lengths.map((length) => byLength.get(length)!.get(client)!);
		console.log(
			`${CLIENTS[client].label.padEnd(24)}${figures.map((ms) => cell(us(ms), 14)).join("")}${cell(`×${growthOf(client).toFixed(2)}`, 10)}`,
		);
		if (client === "floor") continue;
		const relative = growthOf(client) / floorGrowth;
		verdicts.push({
			name: `replay: ${CLIENTS[client].label} CPU per turn flat from ${shortest} to ${longest} turns (growth ≤ 1.25 × the floor's)`,
			value: `${relative.toFixed(2)} ×`,
			pass: relative <= 1.25,
		});
	}
	return verdicts;
}

const verdicts: Verdict[] = [];
const notes: string[] = [];
for (const source of ["provider", "replay"] as const) {
	const summary = await measureSource(source);
	verdicts.push(...report(source, summary));
	notes.push(shellCost(source, summary));
}
verdicts.push(...(await reportLengths()));
console.log("");
for (const note of notes) console.log(`      ${note}`);
for (const verdict of verdicts)
	console.log(`${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}: ${verdict.value}`);
if (strict && verdicts.some((verdict) => !verdict.pass)) process.exit(1);

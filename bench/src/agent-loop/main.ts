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
 * client in a rotated order (`rounds.ts`). Each target compares clients within each round
 * and its verdict is the median over the rounds: the machine's speed drifts by tens of
 * percent over minutes, and processes of one round ran seconds apart.
 * The warm-up is long (30,000 turns) because V8 optimises a function called once a turn
 * (the loop's `streamAssistant`, the provider's `attemptOnce`) only after several thousand
 * turns: after 8,000 it was still compiling them, on background threads that
 * `process.cpuUsage` counts, 20–40 µs a turn in the measured runs of every client.
 * CPU is user + system time of that process (`process.cpuUsage`), read at the `turn_end`s
 * where the measured windows start and end (see `TurnClock`). Overhead is a loop's CPU
 * per turn minus the floor's. Flatness compares turns 101–400 with the last 300, each
 * as the median of three 100-turn windows, so that one scavenge in one window does not
 * read as growth (the transcript grows to 4,000 messages). The tables show medians over
 * every measured run.
 * A last table runs Kestrel's clients on replayed events at several run lengths (100,
 * 1,000 and 10,000 turns): the CPU per turn must not grow with the length of the run.
 *
 * Exits non-zero when a run does not do what the script says, or with BENCH_STRICT=1 when
 * a target fails. Environment: BENCH_AGENT_TURNS (default 1000), BENCH_AGENT_RUNS (rounds,
 * default 5), BENCH_AGENT_WARMUP_TURNS (turns of full runs before measuring, default
 * 30000), BENCH_AGENT_RUNS_PER_PROCESS (default 3), BENCH_AGENT_LENGTHS (default
 * 100,1000,10000; empty: no run-length table), BENCH_AGENT_SEMI_SPACE_MB (the run-length
 * processes' young generation, default 64).
 */
import { CLIENT_NAMES, CLIENTS, type ClientName } from "./clients.js";
import { type RunFigures, windowFor } from "./measure.js";
import { figuresIn, overallFigures, type Paired, paired, type Round, runRound } from "./rounds.js";
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

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Every client, `rounds` rounds of one process each. */
async function sampleSource(source: Source): Promise<Round[]> {
	const plan = { source, turns, runs: runsPerProcess, warmupTurns };
	const sampled: Round[] = [];
	for (let round = 0; round < rounds; round++) {
		log(`agent-loop bench (${source}, ${turns} turns): round ${round + 1}/${rounds}`);
		sampled.push(await runRound(plan, CLIENT_NAMES, round));
	}
	return sampled;
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const cell = (text: string, width = 12) => text.padStart(width);

interface Verdict {
	name: string;
	value: string;
	pass: boolean;
}

/** A verdict on a per-round comparison: its median, then every round's value. */
function verdict(name: string, result: Paired, format: (value: number) => string, pass: boolean): Verdict {
	return { name, value: `${format(result.value)} (rounds: ${result.perRound.map(format).join(", ")})`, pass };
}

const times = (value: number) => `${value.toFixed(2)} ×`;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function overheadIn(figures: (client: ClientName) => RunFigures, client: ClientName): RunFigures {
	const own = figures(client);
	const floor = figures("floor");
	return {
		perTurnMs: own.perTurnMs - floor.perTurnMs,
		earlyMs: own.earlyMs - floor.earlyMs,
		lateMs: own.lateMs - floor.lateMs,
	};
}

function report(source: Source, sampled: readonly Round[]): Verdict[] {
	const overall = (client: ClientName) => overallFigures(sampled, client);
	console.log(
		`\nAgent loop, ${source === "provider" ? "scripted provider" : "replayed events"}: ${turns} turns × 3 tool calls, median of ${rounds * runsPerProcess} runs in ${rounds} rounds of a process per client`,
	);
	console.log(
		`${"client".padEnd(24)}${cell("CPU/turn")}${cell("overhead")}${cell(earlyLabel, 16)}${cell(lateLabel)}${cell("overhead Δ")}`,
	);
	for (const client of CLIENT_NAMES) {
		const own = overall(client);
		const extra = overheadIn(overall, client);
		const isFloor = client === "floor";
		console.log(
			`${CLIENTS[client].label.padEnd(24)}${cell(us(own.perTurnMs))}${cell(isFloor ? "—" : us(extra.perTurnMs))}` +
				`${cell(us(own.earlyMs), 16)}${cell(us(own.lateMs))}${cell(isFloor ? "—" : us(extra.lateMs - extra.earlyMs))}`,
		);
	}
	const loopRatio = paired(sampled, (round) => {
		const figures = figuresIn(round);
		return overheadIn(figures, "kestrel").perTurnMs / overheadIn(figures, "pi").perTurnMs;
	});
	// Issue 16's measure: total CPU per turn with the events read through `for await`.
	const streamRatio = paired(sampled, (round) => {
		const figures = figuresIn(round);
		return figures("kestrel-stream").perTurnMs / figures("pi-stream").perTurnMs;
	});
	const atMostHalf = (what: string, ratio: Paired) =>
		verdict(`${source}: ${what} ≤ 0.5 × pi-agent-core's`, ratio, times, ratio.value <= 0.5);
	return [
		atMostHalf("Kestrel's loop overhead", loopRatio),
		flatness(source, "", "kestrel", sampled),
		atMostHalf("Kestrel's CPU per turn through for await", streamRatio),
		flatness(source, " through for await", "kestrel-stream", sampled),
	];
}

/**
 * What the run shell (`Agent`) costs per turn beyond the loop it drives (with a
 * synchronous sink): its state updates and listener dispatch. Printed, not judged: the
 * issue's "adds nothing per turn" is judged as no growth with the run's length (the
 * run-length table); a fixed few microseconds a turn is the shell's work.
 */
function shellCost(source: Source, sampled: readonly Round[]): string {
	const loop = overallFigures(sampled, "kestrel").perTurnMs;
	const extra = overallFigures(sampled, "kestrel-agent").perTurnMs - loop;
	return `${source}: Kestrel's run shell (Agent) over the loop: ${extra >= 0 ? "+" : ""}${us(extra)} a turn (${((extra / loop) * 100).toFixed(1)} % of the loop's CPU per turn)`;
}

/**
 * Flat: the loop's own cost per turn at the end of the run exceeds its early cost by at
 * most a quarter of a whole early turn (noise allowance; O(n) work per turn grows far more).
 */
function flatness(source: Source, how: string, client: ClientName, sampled: readonly Round[]): Verdict {
	const growth = paired(sampled, (round) => {
		const figures = figuresIn(round);
		const extra = overheadIn(figures, client);
		return (extra.lateMs - extra.earlyMs) / figures(client).earlyMs;
	});
	return verdict(
		`${source}: Kestrel's per-turn overhead${how} flat over the run (growth ≤ 25 % of a turn)`,
		growth,
		percent,
		growth.value <= 0.25,
	);
}

/** The clients whose cost per turn must not grow with the length of the run. */
const LENGTH_CLIENTS: readonly ClientName[] = ["floor", "kestrel", "kestrel-stream", "kestrel-agent"];

/** Turns measured per process at each run length: short runs are run back to back. */
const LENGTH_TURNS = 10_000;

/**
 * The young generation's size (MB per semi-space) in the run-length processes, the same
 * at every length: V8 sizes it by how much survives a scavenge, and only a long run's
 * transcript survives, so by default the 10,000-turn processes allocate into 64 MB and
 * the 100-turn ones into 16–32 MB. A larger young generation makes every allocation cost
 * more here (it no longer stays in the cache), in proportion to what a client allocates:
 * the `for await` client most, through its reader's promises. That read as growth with
 * the run's length (the `for await` client's CPU per turn doubled in some processes) that
 * no per-turn work of the loop causes. 64 MB is what V8 gives the long runs on its own.
 */
const LENGTH_SEMI_SPACE_MB = Number(process.env.BENCH_AGENT_SEMI_SPACE_MB ?? 64);
const LENGTH_NODE_FLAGS = [
	`--min-semi-space-size=${LENGTH_SEMI_SPACE_MB}`,
	`--max-semi-space-size=${LENGTH_SEMI_SPACE_MB}`,
];

/**
 * CPU per turn as a function of the run's length, replayed events: each process (its
 * young generation fixed, see `LENGTH_SEMI_SPACE_MB`) runs back to back as many runs of
 * one length as make 10,000 turns, and its figure is the
 * mean over all of them (total CPU over total turns), so that garbage collection, which a
 * single 100-turn run may escape and leave to the next, is counted at every length. Each
 * round measures every length, one process per client after the other at each length.
 *
 * The floor's own figure grows with the length too (its heap holds the longer run's
 * recorded events and transcript, and collecting it costs more), so a client is flat when
 * its growth from the shortest to the longest runs is at most 1.25 × the floor's in the
 * same round (the median over the rounds): a loop that does O(n) work per turn grows ×10
 * and more at 10,000 turns (pi-agent-core's does, through its `convertToLlm` and its
 * context copies).
 */
async function reportLengths(): Promise<Verdict[]> {
	if (lengths.length < 2) return [];
	/** Per round, per length: each client's mean CPU per turn. */
	const sampled: Map<number, Map<ClientName, number>>[] = [];
	for (let round = 0; round < rounds; round++) {
		const byLength = new Map<number, Map<ClientName, number>>();
		for (const length of lengths) {
			log(`agent-loop bench (run length ${length}): round ${round + 1}/${rounds}`);
			const runs = Math.max(1, Math.round(LENGTH_TURNS / length));
			const plan = {
				source: "replay" as const,
				turns: length,
				runs,
				warmupTurns,
				backToBack: true,
				nodeFlags: LENGTH_NODE_FLAGS,
			};
			const measured = await runRound(plan, LENGTH_CLIENTS, round);
			const means = new Map<ClientName, number>();
			for (const [client, figures] of measured)
				means.set(client, figures.reduce((sum, run) => sum + run.perTurnMs, 0) / figures.length);
			byLength.set(length, means);
		}
		sampled.push(byLength);
	}
	const shortest = lengths[0]!;
	const longest = lengths.at(-1)!;
	const meanAt = (length: number, client: ClientName) =>
		sampled.reduce((sum, byLength) => sum + byLength.get(length)!.get(client)!, 0) / sampled.length;
	const growthIn = (byLength: Map<number, Map<ClientName, number>>, client: ClientName) =>
		byLength.get(longest)!.get(client)! / byLength.get(shortest)!.get(client)!;
	console.log(
		`\nRun length, replayed events: mean CPU per turn over ${rounds} × ${LENGTH_TURNS} turns in runs of each length (young generation ${LENGTH_SEMI_SPACE_MB} MB)`,
	);
	console.log(
		`${"client".padEnd(24)}${lengths.map((length) => cell(`${length} turns`, 14)).join("")}${cell("growth", 10)}`,
	);
	const verdicts: Verdict[] = [];
	for (const client of LENGTH_CLIENTS) {
		const figures = lengths.map((length) => meanAt(length, client));
		const growth = meanAt(longest, client) / meanAt(shortest, client);
		console.log(
			`${CLIENTS[client].label.padEnd(24)}${figures.map((ms) => cell(us(ms), 14)).join("")}${cell(`×${growth.toFixed(2)}`, 10)}`,
		);
		if (client === "floor") continue;
		const relative = paired(sampled, (byLength) => growthIn(byLength, client) / growthIn(byLength, "floor"));
		verdicts.push(
			verdict(
				`replay: ${CLIENTS[client].label} CPU per turn flat from ${shortest} to ${longest} turns (growth ≤ 1.25 × the floor's)`,
				relative,
				times,
				relative.value <= 1.25,
			),
		);
	}
	return verdicts;
}

const verdicts: Verdict[] = [];
const notes: string[] = [];
for (const source of ["provider", "replay"] as const) {
	const sampled = await sampleSource(source);
	verdicts.push(...report(source, sampled));
	notes.push(shellCost(source, sampled));
}
verdicts.push(...(await reportLengths()));
console.log("");
for (const note of notes) console.log(`      ${note}`);
for (const verdict of verdicts)
	console.log(`${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}: ${verdict.value}`);
if (strict && verdicts.some((verdict) => !verdict.pass)) process.exit(1);

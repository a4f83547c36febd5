/**
 * Agent-loop overhead (issue 4): 1,000 turns of three tool calls each through Kestrel's
 * loop and through `@mariozechner/pi-agent-core` 0.73.1, on the same script, the same
 * tool objects and the same response events, plus a floor: the least any loop must do
 * (consume each response, run the tools, append the messages; no events, no checks).
 *
 * Each loop is measured twice: with a synchronous event sink (`runAgentLoop`) and with its
 * events read through `for await` over its event stream (`agentLoop`), as apps and user
 * interfaces read them.
 *
 * Two sources of responses, each its own table:
 * - `provider`: the scripted provider of `@kestrel/ai/testing`, streamed live per turn.
 * - `replay`: the same provider's events recorded before the clock starts and played
 *   back, which leaves the loops' own work (plus the async iteration all three pay).
 *
 * CPU is user + system time of this process (`process.cpuUsage`), read at the `turn_end`s
 * where the measured windows start and end (see `TurnClock`). Overhead is a loop's CPU per turn minus the floor's. Flatness compares
 * turns 101–200 with the last 100 (the transcript grows to 4,000 messages). Targets:
 * Kestrel's overhead at most half of pi-agent-core's, and flat. Figures are medians over
 * rounds; each round runs the clients in a rotated order with a collected heap.
 *
 * Exits non-zero when a run does not do what the script says, or with BENCH_STRICT=1 when
 * a target fails. Environment: BENCH_AGENT_TURNS (default 1000), BENCH_AGENT_RUNS
 * (default 7). Run with `node --expose-gc`.
 */
import { collectGarbage, median, type RunFigures, windowFor } from "./measure.js";
import {
	checkRun,
	type Runner,
	runFloor,
	runKestrel,
	runKestrelStream,
	runPi,
	runPiStream,
	type Source,
} from "./runners.js";

const turns = Number(process.env.BENCH_AGENT_TURNS ?? 1000);
const runs = Number(process.env.BENCH_AGENT_RUNS ?? 7);
const strict = process.env.BENCH_STRICT === "1";
const window = windowFor(turns);
const earlyLabel = `turns ${window + 1}–${2 * window}`;

interface Client {
	label: string;
	run: Runner;
}
const floorClient: Client = { label: "floor (no loop)", run: runFloor };
const kestrelClient: Client = { label: "Kestrel agent-core", run: runKestrel };
const piClient: Client = { label: "pi-agent-core 0.73.1", run: runPi };
// The same loops with their events read through `for await` over the loop's event stream.
const kestrelStreamClient: Client = { label: "Kestrel, for await", run: runKestrelStream };
const piStreamClient: Client = { label: "pi, for await", run: runPiStream };
const clients = [floorClient, kestrelClient, piClient, kestrelStreamClient, piStreamClient];

const log = (line: string) => process.stderr.write(`${line}\n`);

async function measure(client: Client, count: number, source: Source): Promise<RunFigures> {
	collectGarbage();
	const result = await client.run(count, source);
	const problem = checkRun(`${client.label} (${source})`, count, result);
	if (problem) {
		console.error(`agent-loop bench: ${problem}`);
		process.exit(1);
	}
	return result.figures;
}

async function measureSource(source: Source): Promise<Map<Client, RunFigures>> {
	log(`agent-loop bench (${source}): warming up…`);
	for (const client of clients) await measure(client, Math.min(turns, 200), source);
	const samples = new Map<Client, RunFigures[]>(clients.map((client) => [client, []]));
	for (let round = 0; round < runs; round++) {
		log(`  ${source}: round ${round + 1}/${runs}`);
		// Rotate the order so that drift in machine load hits every client alike.
		for (let index = 0; index < clients.length; index++) {
			const client = clients[(round + index) % clients.length]!;
			samples.get(client)!.push(await measure(client, turns, source));
		}
	}
	const summary = new Map<Client, RunFigures>();
	for (const [client, rounds] of samples) {
		summary.set(client, {
			perTurnMs: median(rounds.map((run) => run.perTurnMs)),
			earlyMs: median(rounds.map((run) => run.earlyMs)),
			lateMs: median(rounds.map((run) => run.lateMs)),
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

function report(source: Source, summary: Map<Client, RunFigures>): Verdict[] {
	const floor = summary.get(floorClient)!;
	console.log(
		`\nAgent loop, ${source === "provider" ? "scripted provider" : "replayed events"}: ${turns} turns × 3 tool calls, median of ${runs} rounds`,
	);
	console.log(
		`${"client".padEnd(24)}${cell("CPU/turn")}${cell("overhead")}${cell(earlyLabel, 16)}${cell(`last ${window}`)}${cell("overhead Δ")}`,
	);
	const overhead = (client: Client) => {
		const own = summary.get(client)!;
		return {
			perTurnMs: own.perTurnMs - floor.perTurnMs,
			earlyMs: own.earlyMs - floor.earlyMs,
			lateMs: own.lateMs - floor.lateMs,
		};
	};
	for (const client of clients) {
		const own = summary.get(client)!;
		const extra = overhead(client);
		const isFloor = client === floorClient;
		console.log(
			`${client.label.padEnd(24)}${cell(us(own.perTurnMs))}${cell(isFloor ? "—" : us(extra.perTurnMs))}` +
				`${cell(us(own.earlyMs), 16)}${cell(us(own.lateMs))}${cell(isFloor ? "—" : us(extra.lateMs - extra.earlyMs))}`,
		);
	}
	const kestrel = overhead(kestrelClient);
	const pi = overhead(piClient);
	const ratio = kestrel.perTurnMs / pi.perTurnMs;
	// Issue 16's measure: total CPU per turn with the events read through `for await`.
	const streamRatio = summary.get(kestrelStreamClient)!.perTurnMs / summary.get(piStreamClient)!.perTurnMs;
	return [
		{
			name: `${source}: Kestrel's loop overhead ≤ 0.5 × pi-agent-core's`,
			value: `${ratio.toFixed(2)} ×`,
			pass: ratio <= 0.5,
		},
		flatness(source, "", kestrelClient, overhead(kestrelClient), summary),
		{
			name: `${source}: Kestrel's CPU per turn through for await ≤ 0.5 × pi-agent-core's`,
			value: `${streamRatio.toFixed(2)} ×`,
			pass: streamRatio <= 0.5,
		},
		flatness(source, " through for await", kestrelStreamClient, overhead(kestrelStreamClient), summary),
	];
}

/**
 * Flat: the loop's own cost per turn at the end of the run exceeds its early cost by at
 * most a quarter of a whole early turn (noise allowance; O(n) work per turn grows far more).
 */
function flatness(
	source: Source,
	how: string,
	client: Client,
	extra: { earlyMs: number; lateMs: number },
	summary: Map<Client, RunFigures>,
): Verdict {
	const growth = (extra.lateMs - extra.earlyMs) / summary.get(client)!.earlyMs;
	return {
		name: `${source}: Kestrel's per-turn overhead${how} flat over the run (growth ≤ 25 % of a turn)`,
		value: `${(growth * 100).toFixed(1)} %`,
		pass: growth <= 0.25,
	};
}

const verdicts: Verdict[] = [];
for (const source of ["provider", "replay"] as const)
	verdicts.push(...report(source, await measureSource(source)));
console.log("");
for (const verdict of verdicts)
	console.log(`${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}: ${verdict.value}`);
if (strict && verdicts.some((verdict) => !verdict.pass)) process.exit(1);

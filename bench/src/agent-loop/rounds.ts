/**
 * Sampling in rounds. Every client runs in processes of its own (`child.ts`); a round
 * starts one process per client, one after the other, in an order rotated from round to
 * round. The machine's speed drifts by tens of percent over minutes (it is shared), so a
 * comparison between clients is made within each round, where their processes ran
 * seconds apart, and the verdict is the median of the rounds' comparisons: a ratio of
 * medians taken over the whole bench mixes processes that ran minutes apart.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CLIENTS, type ClientName } from "./clients.js";
import { median, type RunFigures } from "./measure.js";
import type { Source } from "./runners.js";

const childScript = fileURLToPath(new URL("./child.js", import.meta.url));
const run = promisify(execFile);

/** One round: each client's measured runs, from one process. */
export type Round = Map<ClientName, RunFigures[]>;

export interface ProcessPlan {
	source: Source;
	turns: number;
	/** Measured runs per process. */
	runs: number;
	/** Turns of full runs each process makes before it measures. */
	warmupTurns: number;
	/** Runs follow each other without the pause before each (the run-length table). */
	backToBack?: boolean;
	/** V8 flags for the measuring process. */
	nodeFlags?: readonly string[];
}

/** One process of one client: its warm-up runs, then its measured runs. */
async function measureInProcess(client: ClientName, plan: ProcessPlan): Promise<RunFigures[]> {
	const warmups = Math.max(1, Math.ceil(plan.warmupTurns / plan.turns));
	const args = [
		...(plan.nodeFlags ?? []),
		childScript,
		client,
		plan.source,
		String(plan.turns),
		String(warmups),
		String(plan.runs),
	];
	if (plan.backToBack) args.push("back-to-back");
	try {
		const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
		return JSON.parse(stdout) as RunFigures[];
	} catch (error) {
		const { stderr } = error as { stderr?: string };
		console.error(
			`agent-loop bench: ${CLIENTS[client].label} (${plan.source}) failed\n${stderr ?? String(error)}`,
		);
		process.exit(1);
	}
}

/** One process per client, the order rotated by `round`. */
export async function runRound(
	plan: ProcessPlan,
	clients: readonly ClientName[],
	round: number,
): Promise<Round> {
	const result: Round = new Map();
	for (let index = 0; index < clients.length; index++) {
		const client = clients[(round + index) % clients.length]!;
		result.set(client, await measureInProcess(client, plan));
	}
	return result;
}

/** The median of each figure over `runs`. */
function medianFigures(runs: readonly RunFigures[]): RunFigures {
	return {
		perTurnMs: median(runs.map((figures) => figures.perTurnMs)),
		earlyMs: median(runs.map((figures) => figures.earlyMs)),
		lateMs: median(runs.map((figures) => figures.lateMs)),
	};
}

/** Each client's figures in one round: the medians over that round's runs. */
export function figuresIn(round: Round): (client: ClientName) => RunFigures {
	return (client) => medianFigures(round.get(client)!);
}

/** A client's figures over every run of every round (the tables). */
export function overallFigures(rounds: readonly Round[], client: ClientName): RunFigures {
	return medianFigures(rounds.flatMap((round) => round.get(client)!));
}

/** A comparison made within each round, and its median over the rounds. */
export interface Paired {
	value: number;
	perRound: number[];
}

export function paired<TRound>(rounds: readonly TRound[], compare: (round: TRound) => number): Paired {
	const perRound = rounds.map((round) => compare(round));
	return { value: median(perRound), perRound };
}

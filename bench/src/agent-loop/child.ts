/**
 * One measuring process of the agent-loop bench: `node child.js <client> <source> <turns>
 * <warm-ups> <runs>` runs one client only, `warm-ups` full runs and then `runs` measured
 * ones, and prints their figures as one JSON line. Exits 1 when a run does not do what the
 * script says.
 *
 * Why a process per client: in one process the clients share the bench's own code (the
 * tools, the replayed streams, the clock), whose type feedback then sees two frameworks'
 * objects and goes polymorphic, which costs every client and no app that uses one loop.
 */
import { CLIENTS, isClientName } from "./clients.js";
import { type RunFigures, setSettleMs } from "./measure.js";
import { checkRun, type Source } from "./runners.js";

const [name = "", sourceArg = "", turnsArg = "", warmupsArg = "", runsArg = "", mode = ""] =
	process.argv.slice(2);
if (!isClientName(name) || (sourceArg !== "provider" && sourceArg !== "replay")) {
	console.error(
		`usage: child.js <${Object.keys(CLIENTS).join("|")}> <provider|replay> <turns> <warm-ups> <runs>`,
	);
	process.exit(2);
}
const client = CLIENTS[name];
const source: Source = sourceArg;
const turns = Number(turnsArg);
const warmups = Number(warmupsArg);
const runs = Number(runsArg);
if (mode === "back-to-back") setSettleMs(0);

async function checkedRun(): Promise<RunFigures> {
	const result = await client.run(turns, source);
	const problem = checkRun(`${client.label} (${source})`, turns, result);
	if (problem) {
		console.error(`agent-loop bench: ${problem}`);
		process.exit(1);
	}
	return result.figures;
}

for (let run = 0; run < warmups; run++) await checkedRun();
const figures: RunFigures[] = [];
for (let run = 0; run < runs; run++) figures.push(await checkedRun());
process.stdout.write(`${JSON.stringify(figures)}\n`);

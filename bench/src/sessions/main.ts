/**
 * Sessions on disk (issue 6): Kestrel's session manager (`@kestrel/harness`) against the
 * one of `@mariozechner/pi-coding-agent` 0.73.1, on equivalent session files written in
 * each one's own format (`session-files.ts`) from the same transcript (`transcript.ts`).
 *
 * - Open + build context at 1,000, 10,000 and 50,000 entries. Kestrel:
 *   `new SessionManager({ dir, cwd }).open(path, { readOnly: true })` then
 *   `session.buildContext()`; pi: `SessionManager.open(path, dir)` then
 *   `buildSessionContext()`. Target: at the largest size, Kestrel/pi ≤ 1 in CPU and wall.
 * - List 3,000 small sessions (5–30 entries) in one folder. Kestrel `list()` cold (its
 *   `index.json` deleted first, so it reads every file and writes the index) and warm
 *   (fresh index); pi `SessionManager.list(cwd, dir)` (reads every file each time).
 *   Target: Kestrel warm under 1 s.
 *
 * CPU is user + system time of this process, every thread (`process.cpuUsage`); wall is
 * `performance.now()`. Each run is preceded by a full GC and a short idle (the previous
 * run's 50,000 parsed entries are garbage), rounds alternate the order of the clients,
 * and the median is reported. The files were just written, so both read from the page
 * cache. Before measuring, both contexts (and both listings) are compared; a difference,
 * or a load issue reported by Kestrel, exits with code 1. That checking run is the first
 * warm-up.
 *
 * Environment: BENCH_SESSION_SIZES (default 1000,10000,50000), BENCH_SESSION_LIST
 * (3000), BENCH_SESSION_RUNS (5), BENCH_SESSION_WARMUPS (1), BENCH_KEEP_FILES=1 (keep the
 * temp folder), BENCH_STRICT=1 (exit 1 when a target fails). Run with `node --expose-gc`.
 */
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { median, quiesce } from "../agent-loop/measure.js";
import {
	compareContexts,
	compareListings,
	listKestrel,
	listPi,
	type Opened,
	openKestrel,
	openPi,
	type Sample,
	timed,
} from "./runners.js";
import { sessionId, writeSessionFile } from "./session-files.js";
import { longTranscript, smallTranscript } from "./transcript.js";

const sizes = (process.env.BENCH_SESSION_SIZES ?? "1000,10000,50000").split(",").map(Number);
const listCount = Number(process.env.BENCH_SESSION_LIST ?? 3000);
const runs = Number(process.env.BENCH_SESSION_RUNS ?? 5);
const warmups = Number(process.env.BENCH_SESSION_WARMUPS ?? 1);
// The checking run of each client (contexts or listings compared) is the first warm-up.
const extraWarmups = Math.max(0, warmups - 1);
const keepFiles = process.env.BENCH_KEEP_FILES === "1";
const strict = process.env.BENCH_STRICT === "1";
const CWD = "/home/dev/projects/shop";

const started = performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);
/** A progress line with the time since the bench started. */
const phase = (line: string) =>
	log(`sessions bench: ${line} (at ${((performance.now() - started) / 1000).toFixed(1)} s)`);
const count = (value: number) => value.toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const ratio = (value: number) => `×${value.toFixed(2)}`;
const cell = (text: string, width: number) => text.padStart(width);

/** A wrong result: the bench stops with exit code 1. */
class WrongResult extends Error {}

interface Verdict {
	name: string;
	value: string;
	pass: boolean;
}

function medianSample(samples: readonly Sample[]): Sample {
	return { cpuMs: median(samples.map((s) => s.cpuMs)), wallMs: median(samples.map((s) => s.wallMs)) };
}

// ---------------------------------------------------------------------------------------
// Open + build context
// ---------------------------------------------------------------------------------------

interface OpenFigures {
	size: number;
	kestrelBytes: number;
	piBytes: number;
	messages: number;
	kestrel: Sample;
	pi: Sample;
}

/**
 * Opens both once and compares their contexts; returns the number of context messages.
 * A function of its own so that neither context stays referenced (and in the heap) while
 * the runs are measured.
 */
async function checkOpen(
	size: number,
	kestrelPath: string,
	clients: { kestrel: () => Promise<Opened>; pi: () => Opened },
): Promise<number> {
	const ours = await clients.kestrel();
	if (ours.issues.length > 0) {
		const [first] = ours.issues;
		throw new WrongResult(
			`Kestrel reported ${ours.issues.length} load issue(s) in ${kestrelPath}; first: line ${first?.line} ${first?.kind}: ${first?.message}`,
		);
	}
	const difference = compareContexts(ours.view, clients.pi().view);
	if (difference) throw new WrongResult(`${count(size)} entries: contexts differ: ${difference}`);
	await ours.close();
	return ours.view.messages.length;
}

async function benchOpen(root: string, size: number): Promise<OpenFigures> {
	phase(`writing ${count(size)}-entry sessions…`);
	const dirs = { kestrel: join(root, `open-${size}`, "kestrel"), pi: join(root, `open-${size}`, "pi") };
	await mkdir(dirs.kestrel, { recursive: true });
	await mkdir(dirs.pi, { recursive: true });
	const spec = { transcript: longTranscript(size), id: sessionId(size), cwd: CWD };
	const paths = {
		kestrel: writeSessionFile("kestrel", dirs.kestrel, spec),
		pi: writeSessionFile("pi", dirs.pi, spec),
	};
	phase(`comparing the ${count(size)}-entry contexts (the first warm-up)…`);
	const clients = {
		kestrel: () => openKestrel(paths.kestrel, dirs.kestrel, CWD),
		pi: () => openPi(paths.pi, dirs.pi),
	};

	const messages = await checkOpen(size, paths.kestrel, clients);

	const samples = { kestrel: [] as Sample[], pi: [] as Sample[] };
	const order = ["kestrel", "pi"] as const;
	for (let round = 0; round < extraWarmups + runs; round++) {
		log(
			`  ${count(size)} entries: ${round < extraWarmups ? "warm-up" : `run ${round - extraWarmups + 1}/${runs}`}`,
		);
		for (let index = 0; index < order.length; index++) {
			const client = order[(round + index) % order.length]!;
			await quiesce();
			const { sample, value } = await timed<Opened>(clients[client]);
			await value.close();
			if (round >= extraWarmups) samples[client].push(sample);
			log(`    ${client.padEnd(7)} CPU ${ms(sample.cpuMs)}, wall ${ms(sample.wallMs)}`);
		}
	}
	return {
		size,
		kestrelBytes: (await stat(paths.kestrel)).size,
		piBytes: (await stat(paths.pi)).size,
		messages,
		kestrel: medianSample(samples.kestrel),
		pi: medianSample(samples.pi),
	};
}

/** Growth of `to` over `from`, scaled to a ×10 step of the size (a power law: linear gives ×10). */
function growthPerTen(from: OpenFigures, to: OpenFigures, pick: (figures: OpenFigures) => number): string {
	const raw = pick(to) / pick(from);
	return `×${(raw ** (Math.log(10) / Math.log(to.size / from.size))).toFixed(1)}`;
}

function reportOpen(rows: readonly OpenFigures[]): Verdict[] {
	console.log(
		`\nSessions, open + build context: median of ${runs} runs; CPU = user + system of this process, wall = elapsed`,
	);
	console.log(
		`${cell("entries", 8)}${cell("Kestrel file", 14)}${cell("pi file", 10)}${cell("context msgs", 14)}` +
			`${cell("Kestrel CPU", 13)}${cell("wall", 10)}${cell("pi CPU", 10)}${cell("wall", 10)}` +
			`${cell("K/pi CPU", 10)}${cell("K/pi wall", 11)}${cell("K growth", 10)}${cell("pi growth", 11)}`,
	);
	rows.forEach((row, index) => {
		const previous = rows[index - 1];
		const cpuGrowth = (pick: (figures: OpenFigures) => number) =>
			previous ? growthPerTen(previous, row, pick) : "–";
		console.log(
			`${cell(count(row.size), 8)}${cell(mb(row.kestrelBytes), 14)}${cell(mb(row.piBytes), 10)}${cell(count(row.messages), 14)}` +
				`${cell(ms(row.kestrel.cpuMs), 13)}${cell(ms(row.kestrel.wallMs), 10)}` +
				`${cell(ms(row.pi.cpuMs), 10)}${cell(ms(row.pi.wallMs), 10)}` +
				`${cell(ratio(row.kestrel.cpuMs / row.pi.cpuMs), 10)}${cell(ratio(row.kestrel.wallMs / row.pi.wallMs), 11)}` +
				`${cell(
					cpuGrowth((f) => f.kestrel.cpuMs),
					10,
				)}${cell(
					cpuGrowth((f) => f.pi.cpuMs),
					11,
				)}`,
		);
	});
	console.log("growth: CPU over the previous size, scaled to a ×10 step in entries (linear ≈ ×10)");
	const largest = rows.at(-1);
	if (!largest) return [];
	const cpu = largest.kestrel.cpuMs / largest.pi.cpuMs;
	const wall = largest.kestrel.wallMs / largest.pi.wallMs;
	return [
		{
			name: `open + build context at ${count(largest.size)} entries: Kestrel/pi ≤ 1.0 (CPU and wall)`,
			value: `CPU ${ratio(cpu)}, wall ${ratio(wall)}`,
			pass: cpu <= 1 && wall <= 1,
		},
	];
}

// ---------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------

async function benchList(root: string): Promise<Verdict[]> {
	phase(`writing ${count(listCount)} small sessions per framework…`);
	const dirs = { kestrel: join(root, "list", "kestrel"), pi: join(root, "list", "pi") };
	await mkdir(dirs.kestrel, { recursive: true });
	await mkdir(dirs.pi, { recursive: true });
	const bytes = { kestrel: 0, pi: 0 };
	for (let index = 0; index < listCount; index++) {
		const entries = 5 + ((index * 7919) % 26);
		const spec = {
			transcript: smallTranscript(entries, index, index % 3 === 0),
			id: sessionId(1e6 + index),
			cwd: CWD,
		};
		for (const format of ["kestrel", "pi"] as const)
			bytes[format] += (await stat(writeSessionFile(format, dirs[format], spec))).size;
	}
	const indexPath = join(dirs.kestrel, "index.json");
	phase("comparing the listings (the first warm-up)…");
	const clients = {
		kestrelCold: async () => {
			await rm(indexPath, { force: true });
			return listKestrel(dirs.kestrel, CWD);
		},
		kestrelWarm: () => listKestrel(dirs.kestrel, CWD),
		pi: () => listPi(dirs.pi, CWD),
	};

	const ours = await clients.kestrelCold();
	const difference = compareListings(ours, await clients.pi());
	if (difference) throw new WrongResult(`listing ${count(listCount)} sessions: ${difference}`);
	const indexWritten = await stat(indexPath).then(
		() => true,
		() => false,
	);
	const warm = await clients.kestrelWarm();
	if (compareListings(warm, ours)) throw new WrongResult(`Kestrel's warm listing differs from its cold one`);

	const samples = { kestrelCold: [] as Sample[], kestrelWarm: [] as Sample[], pi: [] as Sample[] };
	// Warm always follows cold, so that the index it reads is the one cold just wrote.
	const orders = [
		["pi", "kestrelCold", "kestrelWarm"] as const,
		["kestrelCold", "kestrelWarm", "pi"] as const,
	];
	for (let round = 0; round < extraWarmups + runs; round++) {
		log(`  list: ${round < extraWarmups ? "warm-up" : `run ${round - extraWarmups + 1}/${runs}`}`);
		for (const client of orders[round % 2]!) {
			await quiesce();
			// Deleting the index is part of the cold run's setup, not its measured work.
			if (client === "kestrelCold") await rm(indexPath, { force: true });
			const run = client === "kestrelCold" ? () => listKestrel(dirs.kestrel, CWD) : clients[client];
			const { sample, value } = await timed(run);
			if (value.length !== listCount) throw new WrongResult(`${client} listed ${value.length} sessions`);
			if (round >= extraWarmups) samples[client].push(sample);
			log(`    ${client.padEnd(11)} CPU ${ms(sample.cpuMs)}, wall ${ms(sample.wallMs)}`);
		}
	}
	const figures = {
		kestrelCold: medianSample(samples.kestrelCold),
		kestrelWarm: medianSample(samples.kestrelWarm),
		pi: medianSample(samples.pi),
	};
	console.log(
		`\nSessions, list ${count(listCount)} sessions of 5–30 entries in one folder ` +
			`(Kestrel ${mb(bytes.kestrel)}, pi ${mb(bytes.pi)}): median of ${runs} runs`,
	);
	console.log(`${"client".padEnd(44)}${cell("CPU", 10)}${cell("wall", 10)}`);
	const rows = [
		["Kestrel list(), cold (no index.json)", figures.kestrelCold],
		["Kestrel list(), warm (fresh index.json)", figures.kestrelWarm],
		["pi-coding-agent SessionManager.list()", figures.pi],
	] as const;
	for (const [label, sample] of rows)
		console.log(`${label.padEnd(44)}${cell(ms(sample.cpuMs), 10)}${cell(ms(sample.wallMs), 10)}`);
	if (!indexWritten) console.log(`note: Kestrel wrote no ${indexPath}; cold and warm measure the same thing`);
	return [
		{
			name: `list ${count(listCount)} sessions, Kestrel warm (fresh index) < 1 s`,
			value: `wall ${ms(figures.kestrelWarm.wallMs)}, CPU ${ms(figures.kestrelWarm.cpuMs)} (cold: wall ${ms(figures.kestrelCold.wallMs)}; pi: wall ${ms(figures.pi.wallMs)})`,
			pass: figures.kestrelWarm.wallMs < 1000,
		},
	];
}

// ---------------------------------------------------------------------------------------

const root = await mkdtemp(join(tmpdir(), "kestrel-sessions-bench-"));
phase(`files in ${root}; ${availableParallelism()} CPUs, Node ${process.versions.node}`);
const verdicts: Verdict[] = [];
try {
	const rows: OpenFigures[] = [];
	for (const size of sizes) rows.push(await benchOpen(root, size));
	verdicts.push(...reportOpen(rows));
	if (listCount > 0) verdicts.push(...(await benchList(root)));
} catch (error) {
	if (!(error instanceof WrongResult)) throw error;
	console.error(`sessions bench: ${error.message}`);
	process.exitCode = 1;
} finally {
	if (keepFiles) phase(`files kept in ${root}`);
	else {
		phase("removing the files…");
		await rm(root, { recursive: true, force: true });
	}
}
if (process.exitCode !== 1) {
	console.log("");
	for (const verdict of verdicts)
		console.log(`${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}: ${verdict.value}`);
	if (strict && verdicts.some((verdict) => !verdict.pass)) process.exitCode = 1;
}

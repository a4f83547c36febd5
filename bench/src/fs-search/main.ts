/**
 * `grep` and `find` of `@kestrel/tools-fs` over a generated tree of 20,000 files (with a
 * `.gitignore`), side by side with ripgrep and fd when they are installed (Debian:
 * `apt-get install ripgrep fd-find`; fd is `fdfind` there). Prints wall and CPU time
 * (median of the runs) and the ratio Kestrel / native tool. Not a test: it fails only
 * when a tool's result count differs from the native tool's.
 *
 * Environment: `FS_BENCH_FILES` (default 20000), `FS_BENCH_RUNS` (default 5),
 * `FS_BENCH_WARMUPS` (default 1), `FS_BENCH_KEEP=1` keeps the tree, `FS_BENCH_RG` the
 * ripgrep to compare with (default: the `@vscode/ripgrep` binary that grep runs, else
 * `rg` on the PATH). grep runs with ripgrep (the default on the local disk) and again
 * with its JavaScript engine; Kestrel's CPU time includes ripgrep's.
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { median } from "../measure.js";
import { type ExternalRun, findCommand, runExternal } from "./external.js";
import { bundledRipgrep, type GrepArguments, loadToolsFs } from "./tools-fs.js";
import { generateTree } from "./tree.js";

interface Sample {
	wallMs: number;
	cpuMs: number;
	count: number;
}

interface Case {
	name: string;
	kestrel: () => Promise<number>;
	/** The native command and its arguments, when the tool is installed. */
	native?: { label: string; run: () => ExternalRun };
}

const numberFrom = (name: string, fallback: number) => {
	const value = Number(process.env[name] ?? fallback);
	return Number.isFinite(value) && value >= 0 ? value : fallback;
};

/**
 * CPU time of this process's finished children (grep's ripgrep), in ms: fields 16 and 17
 * of `/proc/self/stat`, in clock ticks (100 a second on Linux). 0 elsewhere.
 */
function childrenCpuMs(): number {
	try {
		const stat = readFileSync("/proc/self/stat", "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		// Fields from the third on: cutime and cstime are the 16th and 17th.
		return (Number(fields[13]) + Number(fields[14])) * 10;
	} catch {
		return 0;
	}
}

async function measureKestrel(run: () => Promise<number>): Promise<Sample> {
	const cpuStart = process.cpuUsage();
	const childrenStart = childrenCpuMs();
	const wallStart = performance.now();
	const count = await run();
	const wallMs = performance.now() - wallStart;
	const cpu = process.cpuUsage(cpuStart);
	const children = childrenCpuMs() - childrenStart;
	return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 + children, count };
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const pad = (text: string, width: number) => text.padStart(width);

async function main(): Promise<void> {
	const files = Math.max(100, numberFrom("FS_BENCH_FILES", 20_000));
	const runs = Math.max(1, numberFrom("FS_BENCH_RUNS", 5));
	const warmUps = numberFrom("FS_BENCH_WARMUPS", 1);
	// ripgrep itself: by default the very binary grep runs, so that the ratio is grep's own cost.
	const rg = process.env.FS_BENCH_RG || (await bundledRipgrep()) || findCommand("rg");
	const fd = findCommand("fdfind", "fd");

	const tree = await generateTree(tmpdir(), files);
	log(
		`fs-search: ${files.toLocaleString("en-US")} files (${tree.ignoredFiles.toLocaleString("en-US")} ignored by .gitignore), ` +
			`${(tree.bytes / (1024 * 1024)).toFixed(1)} MB, in ${tree.root}`,
	);
	log(
		`${availableParallelism()} CPUs; ${runs} measured runs after ${warmUps} warm-up, median; ` +
			`ripgrep: ${rg ?? "not installed"}; fd: ${fd ?? "not installed"}`,
	);

	try {
		const unbounded = { defaultLimit: Number.MAX_SAFE_INTEGER, maxBytes: Number.MAX_SAFE_INTEGER };
		const { createFindTool, createGrepTool } = await loadToolsFs();
		// The default picks ripgrep here (the local disk); the JavaScript engine is measured too.
		const grep = createGrepTool(tree.root, unbounded);
		const grepJs = createGrepTool(tree.root, { ...unbounded, engine: "javascript" });
		const find = createFindTool(tree.root, unbounded);
		const signal = new AbortController().signal;
		const grepCount = async (args: Parameters<typeof grep.execute>[1], tool = grep) =>
			(await tool.execute("bench", args, signal, () => undefined)).details.matches.length;
		const findCount = async (args: Parameters<typeof find.execute>[1]) =>
			(await find.execute("bench", args, signal, () => undefined)).details.matches.length;
		const rgBase = ["--hidden", "--glob", "!.git", "--line-number", "--no-heading", "--color", "never"];
		const fdBase = ["--hidden", "--exclude", ".git", "--color", "never"];

		const grepArguments: GrepArguments[] = [
			{ pattern: "kestrelNeedle", literal: true },
			{ pattern: "\\w+Handler\\d+_0\\(" },
			{ pattern: "carthelper", ignoreCase: true, glob: "*.tsx" },
		];
		const cases: Case[] = [
			{
				name: 'grep literal "kestrelNeedle"',
				kestrel: () => grepCount(grepArguments[0]!),
				...(rg && {
					native: {
						label: "rg",
						run: () => runExternal(rg, [...rgBase, "--fixed-strings", "kestrelNeedle", tree.root]),
					},
				}),
			},
			{
				name: "grep regex \\w+Handler\\d+_0\\(",
				kestrel: () => grepCount(grepArguments[1]!),
				...(rg && {
					native: { label: "rg", run: () => runExternal(rg, [...rgBase, "\\w+Handler\\d+_0\\(", tree.root]) },
				}),
			},
			{
				name: "grep -i cartHelper, glob *.tsx",
				kestrel: () => grepCount(grepArguments[2]!),
				...(rg && {
					native: {
						label: "rg",
						run: () =>
							runExternal(rg, [...rgBase, "--ignore-case", "--glob", "*.tsx", "carthelper", tree.root]),
					},
				}),
			},
			{
				name: "find *.ts",
				kestrel: () => findCount({ pattern: "*.ts" }),
				...(fd && {
					native: { label: "fd", run: () => runExternal(fd, [...fdBase, "--glob", "*.ts", tree.root]) },
				}),
			},
			{
				name: "find **/cart*/*.test.ts",
				kestrel: () => findCount({ pattern: "**/cart*/*.test.ts" }),
				...(fd && {
					native: {
						label: "fd",
						run: () => runExternal(fd, [...fdBase, "--full-path", "--glob", "**/cart*/*.test.ts", tree.root]),
					},
				}),
			},
		];

		// The same searches with the JavaScript engine (the portable path, and grep before ripgrep).
		const javascriptCases: Case[] = cases.slice(0, 3).map((item, index) => ({
			...item,
			name: `${item.name} (JS engine)`,
			kestrel: () => grepCount(grepArguments[index]!, grepJs),
		}));
		cases.splice(3, 0, ...javascriptCases);

		const rows: string[][] = [];
		let mismatches = 0;
		for (const item of cases) {
			const kestrel: Sample[] = [];
			const native: ExternalRun[] = [];
			for (let round = 0; round < warmUps + runs; round++) {
				const sample = await measureKestrel(item.kestrel);
				const nativeRun = item.native?.run();
				if (round < warmUps) continue;
				kestrel.push(sample);
				if (nativeRun) native.push(nativeRun);
			}
			const count = kestrel[0]!.count;
			const wall = median(kestrel.map((sample) => sample.wallMs));
			const cpu = median(kestrel.map((sample) => sample.cpuMs));
			const row = [item.name, count.toLocaleString("en-US"), ms(wall), ms(cpu)];
			if (item.native && native.length > 0) {
				const nativeWall = median(native.map((run) => run.wallMs));
				const nativeCpu = median(native.map((run) => run.cpuMs));
				const nativeCount = native[0]!.lines;
				if (nativeCount !== count) {
					mismatches++;
					log(`MISMATCH ${item.name}: Kestrel ${count}, ${item.native.label} ${nativeCount}`);
				}
				row.push(
					`${item.native.label} ${ms(nativeWall)}`,
					ms(nativeCpu),
					`${(wall / nativeWall).toFixed(1)}×`,
					nativeCpu > 0 ? `${(cpu / nativeCpu).toFixed(1)}×` : "—",
				);
			}
			rows.push(row);
		}

		const header = ["case", "results", "Kestrel wall", "CPU"];
		if (rows.some((row) => row.length > 4)) header.push("native wall", "CPU", "ratio wall", "ratio CPU");
		const widths = header.map((_, column) =>
			Math.max(...[header, ...rows].map((row) => (row[column] ?? "").length)),
		);
		const format = (row: string[]) =>
			row
				.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : pad(cell, widths[column]!)))
				.join("  ");
		log("");
		log(format(header));
		for (const row of rows) log(format(row));
		if (!rg || !fd) log("\n(columns of a native tool that is not installed are left out)");
		if (mismatches > 0) process.exitCode = 1;
	} finally {
		if (process.env.FS_BENCH_KEEP !== "1") await rm(tree.root, { recursive: true, force: true });
	}
}

await main();

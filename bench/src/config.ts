import { APIS, type BenchApi, type BenchScenario, SCENARIOS } from "./scenario.js";

/** What a run measures; every field comes from an environment variable (see README). */
export interface BenchConfig {
	apis: BenchApi[];
	scenarios: BenchScenario[];
	/** Tool-call argument sizes in KiB. */
	sizes: number[];
	/** Reply text sizes in KiB. */
	textSizes: number[];
	/** Unmeasured runs per client and size before the measured ones. */
	warmUps: number;
	/** Measured runs per client and size; the median is reported. */
	runs: number;
	/** Wall-clock cap of one pi-ai run; 0 skips pi-ai. */
	piCapMs: number;
	/** Server write size in bytes; undefined: the whole body in one write. */
	chunkBytes: number | undefined;
	/** Exit non-zero when a target fails, not only on wrong arguments. */
	strict: boolean;
}

function list(name: string): string[] | undefined {
	const raw = process.env[name]?.trim();
	return raw
		? raw
				.split(",")
				.map((item) => item.trim())
				.filter(Boolean)
		: undefined;
}

function positiveNumber(name: string, fallback: number, allowZero = false): number {
	const raw = process.env[name]?.trim();
	if (!raw) return fallback;
	const value = Number(raw);
	if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
		throw new Error(`${name} must be a ${allowZero ? "non-negative" : "positive"} number, got "${raw}"`);
	}
	return value;
}

/** Sizes in KiB from a comma-separated variable, sorted, without duplicates. */
function sizes(name: string, fallback: string[]): number[] {
	const values = (list(name) ?? fallback).map((size) => {
		const value = Number(size);
		if (!Number.isInteger(value) || value <= 0)
			throw new Error(`${name}: "${size}" is not a whole number of KiB`);
		return value;
	});
	return [...new Set(values)].sort((a, b) => a - b);
}

function oneOf<T extends string>(name: string, allowed: readonly T[]): T[] {
	return (list(name) ?? [...allowed]).map((item) => {
		if (!(allowed as readonly string[]).includes(item)) throw new Error(`${name}: unknown value "${item}"`);
		return item as T;
	});
}

export function readConfig(): BenchConfig {
	const chunkBytes = positiveNumber("BENCH_CHUNK_BYTES", 0, true);
	return {
		apis: oneOf("BENCH_APIS", APIS),
		scenarios: oneOf("BENCH_SCENARIOS", SCENARIOS),
		sizes: sizes("BENCH_SIZES", ["4", "16", "64", "256"]),
		textSizes: sizes("BENCH_TEXT_SIZES", ["16", "64", "256"]),
		warmUps: Math.round(positiveNumber("BENCH_WARMUPS", 3)),
		runs: Math.round(positiveNumber("BENCH_RUNS", 5)),
		piCapMs: process.env.BENCH_PI === "0" ? 0 : positiveNumber("BENCH_PI_CAP_MS", 60_000, true),
		chunkBytes: chunkBytes > 0 ? Math.round(chunkBytes) : undefined,
		strict: process.env.BENCH_STRICT === "1",
	};
}

import type { PiOutcome } from "./pi-client.js";
import type { BenchApi, BenchScenario } from "./scenario.js";

/** The targets of issue 2, kept for every API and scenario since. */
export const MAX_GROWTH_PER_QUADRUPLING = 5;
/** Kestrel's CPU at the largest size measured, as a multiple of the floor's. */
export const MAX_FLOOR_RATIO = 5;

export interface SizeResult {
	sizeKb: number;
	/** Bytes of the argument JSON or of the reply text. */
	payloadBytes: number;
	wireBytes: number;
	kestrelMs: number;
	floorMs: number;
	pi: PiOutcome | { kind: "skipped"; reason: string } | undefined;
}

export interface Verdict {
	name: string;
	pass: boolean;
}

const mark = (pass: boolean) => (pass ? "PASS" : "FAIL");

function formatMs(value: number): string {
	return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

function formatPi(pi: SizeResult["pi"]): string {
	if (!pi) return "not run";
	switch (pi.kind) {
		case "measured":
			return `${formatMs(pi.cpuMs)}${pi.correct ? "" : " WRONG ARGS"}`;
		case "capped":
			return `> ${(pi.capMs / 1000).toFixed(0)} s (capped)`;
		case "skipped":
			return pi.reason;
		case "failed":
			return "failed";
	}
}

const TITLES: Record<BenchScenario, string> = {
	"tool-call": "one tool call, arguments in 8-character deltas",
	text: "one text reply in 8-character deltas",
};

/**
 * Formats the table of one API and scenario and returns the target verdicts. Growth
 * compares each size with the previous one; the target scales with the size ratio (×5
 * per ×4 of size). The floor ratio is checked at the largest size.
 */
export function formatTable(
	api: BenchApi,
	scenario: BenchScenario,
	rows: readonly SizeResult[],
	runs: number,
): { text: string; verdicts: Verdict[] } {
	const verdicts: Verdict[] = [];
	const name = `${api} ${scenario}`;
	const largest = Math.max(...rows.map((row) => row.sizeKb));
	const header = [
		"size",
		scenario === "tool-call" ? "args bytes" : "text bytes",
		"wire bytes",
		"Kestrel ms",
		"floor ms",
		"Kestrel/floor",
		"pi-ai ms",
		"Kestrel growth",
	];
	const lines: string[][] = [header];
	rows.forEach((row, index) => {
		const ratio = row.kestrelMs / row.floorMs;
		let ratioCell = `×${ratio.toFixed(2)}`;
		if (row.sizeKb === largest) {
			const pass = ratio <= MAX_FLOOR_RATIO;
			verdicts.push({
				name: `${name} ${row.sizeKb} KB Kestrel/floor ×${ratio.toFixed(2)} ≤ ×${MAX_FLOOR_RATIO}`,
				pass,
			});
			ratioCell += ` ${mark(pass)}`;
		}
		let growthCell = "–";
		const previous = rows[index - 1];
		if (previous) {
			const growth = row.kestrelMs / previous.kestrelMs;
			const sizeRatio = row.sizeKb / previous.sizeKb;
			const limit = (MAX_GROWTH_PER_QUADRUPLING * sizeRatio) / 4;
			const pass = growth <= limit;
			verdicts.push({
				name: `${name} growth ${previous.sizeKb}→${row.sizeKb} KB ×${growth.toFixed(2)} ≤ ×${limit.toFixed(2)}`,
				pass,
			});
			growthCell = `×${growth.toFixed(2)} ${mark(pass)}`;
		}
		lines.push([
			`${row.sizeKb} KB`,
			row.payloadBytes.toLocaleString("en-US"),
			row.wireBytes.toLocaleString("en-US"),
			formatMs(row.kestrelMs),
			formatMs(row.floorMs),
			ratioCell,
			formatPi(row.pi),
			growthCell,
		]);
	});
	const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
	const text = [
		`${api}: ${TITLES[scenario]}; client CPU ms (user+system), median of ${runs}`,
		...lines.map((line) => line.map((cell, column) => cell.padStart(widths[column]!)).join("  ")),
	].join("\n");
	return { text, verdicts };
}

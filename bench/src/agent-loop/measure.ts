import { median } from "../measure.js";

/** CPU time (user + system) of this process so far, in milliseconds. */
export function cpuNowMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** The turns of the early and the late window: a tenth of the run, at most 100. */
export function windowFor(turns: number): number {
	return Math.max(1, Math.min(100, Math.floor(turns / 10)));
}

/**
 * CPU per turn: call `mark()` at each turn end; the first mark closes turn 1. The CPU time
 * is read only where a window starts or ends (eight reads a run): `process.cpuUsage()`
 * costs about 10 µs, as much as a fast loop's whole turn, and a read at every turn end
 * would be counted in every client's figures alike, pulling their ratios towards 1.
 *
 * The early and the late figure are each the median of three windows in a row: a
 * scavenge comes about once per 1,000 turns here and costs several milliseconds, and in
 * runs of equal length it lands at the same place in every run of a process, so a single
 * window that holds it reads 2–6 × its neighbours (growth that is not there). Work that
 * grows with the run shows in all three late windows, and so in their median.
 */
export class TurnClock {
	private count = 0;
	private readonly start = cpuNowMs();
	private readonly readings = new Map<number, number>();
	private readonly readAt: ReadonlySet<number>;

	/** `expected`: the marks a complete run makes; `window`: see {@link windowFor}. */
	constructor(
		private readonly expected: number,
		private readonly window: number,
	) {
		this.readAt = new Set([...earlyMarks(window), ...lateMarks(expected, window)]);
	}

	mark(): void {
		this.count += 1;
		if (this.readAt.has(this.count)) this.readings.set(this.count, cpuNowMs());
	}

	/** The turns marked so far. */
	get turns(): number {
		return this.count;
	}

	/** The run's figures; call once `expected` turns are marked. */
	figures(): RunFigures {
		const { expected, window } = this;
		const at = (mark: number) => this.readings.get(mark) ?? Number.NaN;
		const windowsFrom = (marks: number[]) =>
			median(marks.slice(1).map((mark, index) => (at(mark) - at(marks[index]!)) / window));
		return {
			perTurnMs: (at(expected) - this.start) / expected,
			earlyMs: windowsFrom(earlyMarks(window)),
			lateMs: windowsFrom(lateMarks(expected, window)),
		};
	}
}

/** The bounds of the three early windows: turns `window + 1` to `4 × window`. */
function earlyMarks(window: number): number[] {
	return [window, 2 * window, 3 * window, 4 * window];
}

/** The bounds of the last three windows of the run. */
function lateMarks(expected: number, window: number): number[] {
	return [expected - 3 * window, expected - 2 * window, expected - window, expected];
}

export { median };

/**
 * A run's figures: mean CPU per turn over all turns; the median of three early windows
 * (from the second `window` turns on, after the JIT has warmed to the run's fresh
 * closures) and of the last three.
 */
export interface RunFigures {
	perTurnMs: number;
	earlyMs: number;
	lateMs: number;
}

function collectGarbage(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

let settleMs = 100;

/** Runs measured back to back (the run-length table) do not idle before each other. */
export function setSettleMs(ms: number): void {
	settleMs = ms;
}

/**
 * Idles briefly (100 ms unless set otherwise), so that background threads (concurrent GC,
 * JIT compilation) finish the setup's work before the clock starts: `process.cpuUsage`
 * counts every thread, and that work would otherwise land on the first turns.
 */
export async function settle(): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** Collects the heap, then {@link settle}s. */
export async function quiesce(): Promise<void> {
	collectGarbage();
	await settle();
}

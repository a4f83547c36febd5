/** CPU time (user + system) of this process so far, in milliseconds. */
export function cpuNowMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Per-turn CPU samples: call `mark()` at each turn end; the first mark closes turn 1. */
export class TurnClock {
	readonly perTurnMs: number[] = [];
	private last = cpuNowMs();

	mark(): void {
		const now = cpuNowMs();
		this.perTurnMs.push(now - this.last);
		this.last = now;
	}
}

export function mean(values: readonly number[]): number {
	return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export { median } from "../measure.js";

/**
 * A run's figures: mean CPU per turn over all turns; over an early window (the second
 * `window` turns, after the JIT has warmed to the run's fresh closures) and the last one.
 */
export interface RunFigures {
	perTurnMs: number;
	earlyMs: number;
	lateMs: number;
}

export function figures(perTurnMs: readonly number[], window: number): RunFigures {
	return {
		perTurnMs: mean(perTurnMs),
		earlyMs: mean(perTurnMs.slice(window, 2 * window)),
		lateMs: mean(perTurnMs.slice(-window)),
	};
}

export function collectGarbage(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

/**
 * Collects the heap and idles briefly, so that background threads (concurrent GC, JIT
 * compilation) finish the setup's work before the clock starts: `process.cpuUsage`
 * counts every thread, and that work would otherwise land on the first turns.
 */
export async function quiesce(): Promise<void> {
	collectGarbage();
	await new Promise((resolve) => setTimeout(resolve, 100));
}

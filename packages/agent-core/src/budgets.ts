import type { ShouldStopAfterTurn, StopDecision, StopRequest } from "./types.js";

/**
 * Run budgets: small `shouldStopAfterTurn` functions that read the loop's running totals
 * (`turn.stats`). They hold no state, so one budget can serve any number of runs. They are
 * checked after each completed turn, and a turn's tool batch is never cut in half, so a
 * run can go past a limit by at most the turn that reached it. The reason is reported in
 * `agent_end` as `outcome: { kind: "stopped", stop: { reason, message } }`.
 */

/** Ends the run after `limit` model calls. */
export function maxTurns(limit: number): ShouldStopAfterTurn {
	assertLimit("maxTurns", limit, true);
	return ({ stats }) =>
		stats.turns >= limit ? stop("max_turns", `Stopped after ${stats.turns} turns (limit ${limit}).`) : false;
}

/** Ends the run after the turn in which the model's tool calls reach `limit`. */
export function maxToolCalls(limit: number): ShouldStopAfterTurn {
	assertLimit("maxToolCalls", limit, true);
	return ({ stats }) =>
		stats.toolCalls >= limit
			? stop("max_tool_calls", `Stopped after ${stats.toolCalls} tool calls (limit ${limit}).`)
			: false;
}

/** Ends the run after the turn in which the run's cost reaches `limitUsd` (from `usage.cost.total`). */
export function maxCostUsd(limitUsd: number): ShouldStopAfterTurn {
	assertLimit("maxCostUsd", limitUsd, false);
	return ({ stats }) => {
		const spent = stats.usage.cost.total;
		return spent >= limitUsd
			? stop("max_cost", `Stopped after spending $${spent.toFixed(4)} (limit $${limitUsd}).`)
			: false;
	};
}

/**
 * Combines conditions (budgets and your own) into one `shouldStopAfterTurn`: they are
 * asked in order and the first that asks to stop decides the reason. `undefined` entries
 * are skipped, so optional budgets compose without conditionals.
 */
export function stopWhenAny(...conditions: (ShouldStopAfterTurn | undefined)[]): ShouldStopAfterTurn {
	const active = conditions.filter((condition): condition is ShouldStopAfterTurn => condition !== undefined);
	return async (turn) => {
		for (const condition of active) {
			const decision: StopDecision = await condition(turn);
			if (decision) return decision;
		}
		return false;
	};
}

/** The limits of {@link runBudget}; every one is optional. */
export interface RunBudgetLimits {
	maxTurns?: number;
	maxToolCalls?: number;
	maxCostUsd?: number;
}

/** The budgets of `limits` combined: `runBudget({ maxTurns: 20, maxCostUsd: 0.5 })`. */
export function runBudget(limits: RunBudgetLimits): ShouldStopAfterTurn {
	return stopWhenAny(
		limits.maxTurns === undefined ? undefined : maxTurns(limits.maxTurns),
		limits.maxToolCalls === undefined ? undefined : maxToolCalls(limits.maxToolCalls),
		limits.maxCostUsd === undefined ? undefined : maxCostUsd(limits.maxCostUsd),
	);
}

function stop(reason: StopRequest["reason"], message: string): StopRequest {
	return { reason, message };
}

function assertLimit(name: string, limit: number, integer: boolean): void {
	const valid = integer ? Number.isInteger(limit) && limit >= 1 : Number.isFinite(limit) && limit > 0;
	if (!valid) {
		const expected = integer ? "a whole number of at least 1" : "a finite number above 0";
		throw new RangeError(`${name}: the limit must be ${expected}, got ${limit}.`);
	}
}

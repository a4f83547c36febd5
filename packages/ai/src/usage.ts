import type { Cost, Model, Usage } from "./types.js";

/** A fresh usage record with every count and cost at zero. */
export function zeroUsage(): Usage {
	return {
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

/** Adds `usage` to `total` in place: every count and every cost. */
export function addUsage(total: Usage, usage: Usage): void {
	total.input += usage.input;
	total.output += usage.output;
	total.cacheRead += usage.cacheRead;
	total.cacheWrite += usage.cacheWrite;
	total.totalTokens += usage.totalTokens;
	total.cost.input += usage.cost.input;
	total.cost.output += usage.cost.output;
	total.cost.cacheRead += usage.cost.cacheRead;
	total.cost.cacheWrite += usage.cost.cacheWrite;
	total.cost.total += usage.cost.total;
}

/**
 * Prices token counts with the model's per-million rates, in USD.
 * `totalTokens` is not read: the four counts are priced separately.
 */
export function calculateCost(model: Pick<Model, "cost">, usage: Omit<Usage, "cost" | "totalTokens">): Cost {
	const perToken = (count: number, perMillion: number) => (count * perMillion) / 1_000_000;
	const input = perToken(usage.input, model.cost.input);
	const output = perToken(usage.output, model.cost.output);
	const cacheRead = perToken(usage.cacheRead, model.cost.cacheRead);
	const cacheWrite = perToken(usage.cacheWrite, model.cost.cacheWrite);
	return { input, output, cacheRead, cacheWrite, total: input + output + cacheRead + cacheWrite };
}

import { describe, expect, it } from "vitest";
import { addUsage, zeroUsage } from "../../src/index.js";

describe("addUsage", () => {
	it("adds every count and every cost into the total, in place", () => {
		const total = zeroUsage();
		const turn = {
			input: 10,
			output: 5,
			cacheRead: 3,
			cacheWrite: 2,
			totalTokens: 20,
			cost: { input: 0.1, output: 0.2, cacheRead: 0.03, cacheWrite: 0.04, total: 0.37 },
		};
		addUsage(total, turn);
		addUsage(total, turn);
		expect(total).toEqual({
			input: 20,
			output: 10,
			cacheRead: 6,
			cacheWrite: 4,
			totalTokens: 40,
			cost: { input: 0.2, output: 0.4, cacheRead: 0.06, cacheWrite: 0.08, total: 0.74 },
		});
		expect(turn.input).toBe(10);
	});
});

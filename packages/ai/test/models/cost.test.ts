import { describe, expect, it } from "vitest";
import { defineModel } from "../../src/models/define-model.js";
import { getModel } from "../../src/models/get-model.js";
import { calculateCost } from "../../src/usage.js";

describe("pricing catalogue models with calculateCost", () => {
	it("prices a cached Claude agent turn from the catalogue rates", () => {
		// 12k fresh input, 80k read from the cache, 20k written to it, 3k output.
		const cost = calculateCost(getModel("anthropic", "claude-sonnet-5-5"), {
			input: 12_000,
			output: 3_000,
			cacheRead: 80_000,
			cacheWrite: 20_000,
		});
		expect(cost.input).toBeCloseTo(0.024, 10);
		expect(cost.output).toBeCloseTo(0.03, 10);
		expect(cost.cacheRead).toBeCloseTo(0.008, 10);
		expect(cost.cacheWrite).toBeCloseTo(0.05, 10);
		expect(cost.total).toBeCloseTo(0.112, 10);
	});

	it("prices OpenAI's cached input at its own rate", () => {
		const cost = calculateCost(getModel("openai", "gpt-6.2-sol"), {
			input: 100_000,
			output: 10_000,
			cacheRead: 900_000,
			cacheWrite: 0,
		});
		expect(cost.total).toBeCloseTo(0.2 + 0.1 + 0.09, 10);
	});

	it("prices a local model at zero", () => {
		const cost = calculateCost(defineModel({ provider: "ollama", id: "qwen3:8b" }), {
			input: 50_000,
			output: 2_000,
			cacheRead: 0,
			cacheWrite: 0,
		});
		expect(cost.total).toBe(0);
	});
});

import { describe, expect, it } from "vitest";
import { mapUsage, reasoningParams } from "../../src/providers/anthropic-messages/map.js";
import type { Model, ThinkingLevel } from "../../src/types.js";
import { offlineModel as model } from "./fixtures.js";

describe("anthropic-messages: map", () => {
	it("reports only the usage fields that are present", () => {
		expect(mapUsage({ output_tokens: 9, input_tokens: null })).toEqual({ output: 9 });
		expect(
			mapUsage({
				input_tokens: 1,
				output_tokens: 2,
				cache_read_input_tokens: 3,
				cache_creation_input_tokens: 4,
			}),
		).toEqual({ input: 1, output: 2, cacheRead: 3, cacheWrite: 4 });
	});

	it.each([
		["minimal", 1024],
		["low", 2048],
		["medium", 8192],
		["high", 16384],
		["xhigh", 32768],
	] as const)("uses a %s budget of %i tokens below max_tokens", (level, budget) => {
		expect(reasoningParams(model, { reasoning: level })).toEqual({
			maxTokens: 64_000,
			thinking: { type: "enabled", budget_tokens: budget },
		});
	});

	it("shrinks the budget to fit a model whose output limit is below it", () => {
		const small = { ...model, maxTokens: 8192 };
		expect(reasoningParams(small, { reasoning: "xhigh" })).toEqual({
			maxTokens: 8192,
			thinking: { type: "enabled", budget_tokens: 8192 - 1024 },
		});
	});

	it("sends no thinking when max_tokens cannot exceed the minimum budget", () => {
		expect(reasoningParams({ ...model, maxTokens: 1024 }, { reasoning: "low" })).toEqual({ maxTokens: 1024 });
	});

	it("maps levels to adaptive efforts: minimal to low, xhigh to max", () => {
		const adaptive: Model<"anthropic-messages"> = {
			...model,
			compat: { "anthropic-messages": { thinkingMode: "adaptive" } },
		};
		expect(reasoningParams(adaptive, { reasoning: "minimal" }).effort).toBe("low");
		expect(reasoningParams(adaptive, { reasoning: "medium" }).effort).toBe("medium");
		expect(reasoningParams(adaptive, { reasoning: "xhigh" }).effort).toBe("max");
	});

	it("disables thinking for off on adaptive models that can stop thinking, and only on those", () => {
		const adaptive: Model<"anthropic-messages"> = {
			...model,
			compat: { "anthropic-messages": { thinkingMode: "adaptive" } },
		};
		expect(reasoningParams(adaptive, { reasoning: "off" }).thinking).toEqual({ type: "disabled" });
		const alwaysThinks = { ...adaptive, thinkingLevels: ["low", "medium", "high"] as ThinkingLevel[] };
		expect(reasoningParams(alwaysThinks, { reasoning: "off" }).thinking).toBeUndefined();
		expect(reasoningParams(model, { reasoning: "off" }).thinking).toBeUndefined();
	});
});

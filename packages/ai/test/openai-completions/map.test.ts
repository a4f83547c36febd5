import { describe, expect, it } from "vitest";
import { resolveCompat } from "../../src/providers/openai-completions/compat.js";
import { mapFinishReason, mapUsage } from "../../src/providers/openai-completions/map.js";
import { envelopeErrorBody } from "../../src/providers/openai-shared/fetch.js";
import { mapReasoningEffort } from "../../src/providers/openai-shared/reasoning-effort.js";
import { testModel } from "./fixtures.js";

const model = (overrides: Parameters<typeof testModel>[1] = {}) =>
	testModel("http://127.0.0.1:9/v1", overrides);

describe("resolveCompat", () => {
	it("defaults every flag to OpenAI's behaviour", () => {
		expect(resolveCompat(model())).toEqual({
			maxTokensField: "max_completion_tokens",
			systemRole: "system",
			supportsUsageInStreaming: true,
			supportsReasoningEffort: false,
			supportsStore: true,
			reasoningField: undefined,
		});
		expect(resolveCompat(model({ reasoning: true }))).toMatchObject({
			systemRole: "developer",
			supportsReasoningEffort: true,
		});
	});

	it("keeps flags the model sets", () => {
		const compat = resolveCompat(
			model({
				reasoning: true,
				compatFlags: { systemRole: "system", maxTokensField: "max_tokens", reasoningField: "r" },
			}),
		);
		expect(compat).toMatchObject({ systemRole: "system", maxTokensField: "max_tokens", reasoningField: "r" });
	});
});

describe("mapReasoningEffort", () => {
	it("sends nothing without a level or for a model without reasoning", () => {
		expect(mapReasoningEffort(model({ reasoning: true }), undefined)).toBeUndefined();
		expect(mapReasoningEffort(model({ reasoning: false }), "high")).toBeUndefined();
	});

	it("clamps down to the nearest accepted level, else up to the lowest", () => {
		const oSeries = model({ reasoning: true, thinkingLevels: ["low", "medium", "high"] });
		expect(mapReasoningEffort(oSeries, "xhigh")).toBe("high");
		expect(mapReasoningEffort(oSeries, "minimal")).toBe("low");
		expect(mapReasoningEffort(oSeries, "off")).toBe("low");
		const gpt5 = model({ reasoning: true, thinkingLevels: ["minimal", "low", "medium", "high"] });
		expect(mapReasoningEffort(gpt5, "off")).toBe("minimal");
	});
});

describe("mapUsage", () => {
	it("subtracts cached and cache-written tokens from prompt_tokens and never goes below zero", () => {
		expect(
			mapUsage({ prompt_tokens: 50, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 20 } }),
		).toEqual({
			input: 30,
			output: 5,
			cacheRead: 20,
			cacheWrite: 0,
		});
		expect(mapUsage({ prompt_tokens: 10, cached_tokens: 15 })).toMatchObject({ input: 0, cacheRead: 15 });
		expect(mapUsage({})).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
	});

	it("adds reasoning tokens to the output only when the total counts them outside completion_tokens", () => {
		const details = { completion_tokens_details: { reasoning_tokens: 290 } };
		// xAI: total = prompt + completion + reasoning.
		expect(mapUsage({ prompt_tokens: 12, completion_tokens: 1, total_tokens: 303, ...details }).output).toBe(
			291,
		);
		// OpenAI: reasoning is inside completion_tokens, total = prompt + completion.
		expect(
			mapUsage({ prompt_tokens: 12, completion_tokens: 300, total_tokens: 312, ...details }).output,
		).toBe(300);
		// No total: nothing to go by, completion_tokens as sent.
		expect(mapUsage({ prompt_tokens: 12, completion_tokens: 1, ...details }).output).toBe(1);
	});
});

describe("mapFinishReason", () => {
	it("never throws on an unknown value", () => {
		expect(mapFinishReason("")).toEqual({ reason: "stop" });
		expect(mapFinishReason("MAX_TOKENS_OR_SOMETHING")).toEqual({ reason: "stop" });
	});
});

describe("envelopeErrorBody", () => {
	it("moves a flat error body under error and leaves others alone", () => {
		expect(JSON.parse(envelopeErrorBody('{"object":"error","message":"m","type":"t","code":400}'))).toEqual({
			error: { object: "error", message: "m", type: "t", code: 400 },
		});
		expect(JSON.parse(envelopeErrorBody('{"detail":"Not authenticated"}'))).toEqual({
			error: { message: "Not authenticated" },
		});
		expect(JSON.parse(envelopeErrorBody('{"error":"model not found"}'))).toEqual({
			error: { message: "model not found" },
		});
		const enveloped = '{"error":{"message":"m","type":"t","param":null,"code":null}}';
		expect(envelopeErrorBody(enveloped)).toBe(enveloped);
		expect(envelopeErrorBody("Internal Server Error")).toBe("Internal Server Error");
		expect(envelopeErrorBody("[1,2]")).toBe("[1,2]");
	});
});

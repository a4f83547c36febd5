import { describe, expect, it } from "vitest";
import { GeminiApiError, retryDelayMs } from "../../src/providers/google-generative-ai/errors.js";
import { mapFinishReason, mapUsage, reasoningParams } from "../../src/providers/google-generative-ai/map.js";
import { googleJson } from "../../src/testing/wire-server/google-generative-ai.js";
import type { Model } from "../../src/types.js";

const model: Model<"google-generative-ai"> = {
	id: "gemini-2.5-flash",
	name: "Gemini",
	api: "google-generative-ai",
	provider: "google",
	baseUrl: "https://generativelanguage.googleapis.com",
	reasoning: true,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 1_048_576,
	maxTokens: 65_536,
};

describe("google-generative-ai: pure mappings", () => {
	it("maps finish reasons to stop, length or a failure, never throwing on unknown values", () => {
		expect(mapFinishReason("STOP")).toEqual({ reason: "stop" });
		expect(mapFinishReason("MAX_TOKENS")).toEqual({ reason: "length" });
		expect(mapFinishReason("SOMETHING_NEW")).toEqual({ reason: "stop" });
		expect(mapFinishReason("SAFETY", "HARM_CATEGORY_HARASSMENT")).toEqual({
			failure: {
				message: expect.stringContaining("(finishReason SAFETY) (HARM_CATEGORY_HARASSMENT)"),
				error: { kind: "invalid_request", code: "SAFETY" },
			},
		});
	});

	it("reports only the usage fields a chunk has", () => {
		expect(mapUsage(undefined)).toEqual({});
		expect(mapUsage({ promptTokenCount: 10 })).toEqual({ input: 10, cacheRead: 0 });
		expect(mapUsage({ thoughtsTokenCount: 7 })).toEqual({ output: 7 });
		expect(mapUsage({ promptTokenCount: 10, cachedContentTokenCount: 12 })).toEqual({
			input: 0,
			cacheRead: 12,
		});
	});

	it("sends no thinking fields to a model without reasoning, only the caller's limit", () => {
		expect(reasoningParams({ ...model, reasoning: false }, { reasoning: "high", maxTokens: 100 })).toEqual({
			maxOutputTokens: 100,
		});
	});

	it("keeps the caller's limit when it already has room for budget and answer", () => {
		expect(reasoningParams(model, { reasoning: "low", maxTokens: 10_000 })).toEqual({
			maxOutputTokens: 10_000,
			thinkingConfig: { includeThoughts: true, thinkingBudget: 2_048 },
		});
	});

	it("clamps to the lowest listed level when none is at or below the requested one", () => {
		const limited = { ...model, thinkingLevels: ["medium", "high"] as Model["thinkingLevels"] };
		expect(reasoningParams(limited, { reasoning: "minimal" }).thinkingConfig).toEqual({
			includeThoughts: true,
			thinkingBudget: 8_192,
		});
	});

	it("reads RetryInfo durations and ignores other details", () => {
		const info = (retryDelay: unknown) => [
			{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
		];
		expect(retryDelayMs(info("7s"))).toBe(7_000);
		expect(retryDelayMs(info("0.5s"))).toBe(500);
		expect(retryDelayMs(info("soon"))).toBeUndefined();
		expect(retryDelayMs([{ "@type": "type.googleapis.com/google.rpc.Help" }])).toBeUndefined();
		expect(retryDelayMs("not a list")).toBeUndefined();
	});

	it("builds an error that carries Google's status string, the body and a retry-after-ms header", () => {
		const error = new GeminiApiError(
			429,
			{
				error: {
					code: 429,
					message: "Quota exceeded",
					status: "RESOURCE_EXHAUSTED",
					details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" }],
				},
			},
			"fallback",
		);
		expect(error.message).toBe("Quota exceeded");
		expect(error.error).toMatchObject({ code: "RESOURCE_EXHAUSTED", message: "Quota exceeded" });
		expect(error.headers.get("retry-after-ms")).toBe("12000");
		const proxy = new GeminiApiError(
			502,
			{ error: { message: "<html>", status: "Bad Gateway" } },
			"fallback",
		);
		expect(proxy.error.code).toBeUndefined();
	});

	it("writes JSON the way Google's front end does", () => {
		expect(googleJson({ a: [1, { b: "<x>" }], c: undefined, d: null })).toBe(
			'{"a": [1,{"b": "\\u003cx\\u003e"}],"d": null}',
		);
	});
});

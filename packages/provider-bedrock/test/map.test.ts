import type { Model } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { resolveCompat } from "../src/index.js";
import { mapStopReason, mapUsage, reasoningParams } from "../src/map.js";

const model = (id: string, extra: Partial<Model> = {}): Model => ({
	id,
	name: id,
	api: "bedrock-converse-stream",
	provider: "amazon-bedrock",
	baseUrl: "http://127.0.0.1:1",
	reasoning: true,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 200_000,
	maxTokens: 64_000,
	...extra,
});

describe("resolveCompat: defaults from the model id", () => {
	it.each([
		[
			"us.anthropic.claude-haiku-4-5-20251001-v1:0",
			true,
			{ thinking: "anthropic-budget", cachePoints: "all", toolResultStatus: true, streamingToolUse: true },
		],
		[
			"anthropic.claude-haiku-4-5-20251001-v1:0",
			false,
			{ thinking: "none", cachePoints: "all", toolResultStatus: true, streamingToolUse: true },
		],
		[
			"amazon.nova-pro-v1:0",
			true,
			{
				thinking: "none",
				cachePoints: "system-and-messages",
				toolResultStatus: true,
				streamingToolUse: true,
			},
		],
		[
			"meta.llama3-3-70b-instruct-v1:0",
			false,
			{ thinking: "none", cachePoints: "none", toolResultStatus: false, streamingToolUse: false },
		],
	] as const)("%s (reasoning %s)", (id, reasoning, expected) => {
		expect(resolveCompat(model(id, { reasoning }))).toEqual({ region: undefined, ...expected });
	});

	it("flags win over the defaults", () => {
		const flagged = model("meta.llama3-3-70b-instruct-v1:0", {
			compat: {
				"bedrock-converse-stream": {
					region: "eu-west-1",
					cachePoints: "all",
					toolResultStatus: true,
					thinking: "anthropic-budget",
					streamingToolUse: true,
				},
			},
		});
		expect(resolveCompat(flagged)).toEqual({
			region: "eu-west-1",
			thinking: "anthropic-budget",
			cachePoints: "all",
			toolResultStatus: true,
			streamingToolUse: true,
		});
	});
});

describe("reasoningParams", () => {
	const claude = model("anthropic.claude-x");
	const compat = resolveCompat(claude);
	it("off or no level: the model's output limit, no budget", () => {
		expect(reasoningParams(claude, {}, compat)).toEqual({ maxTokens: 64_000 });
		expect(reasoningParams(claude, { reasoning: "off" }, compat)).toEqual({ maxTokens: 64_000 });
	});
	it("each level's budget; a small limit is raised to fit, never past the model's", () => {
		expect(reasoningParams(claude, { reasoning: "minimal" }, compat)).toEqual({
			maxTokens: 64_000,
			budget: 1024,
		});
		expect(reasoningParams(claude, { reasoning: "xhigh", maxTokens: 1000 }, compat)).toEqual({
			maxTokens: 33_792,
			budget: 32_768,
		});
		const small = model("anthropic.claude-x", { maxTokens: 4096 });
		expect(reasoningParams(small, { reasoning: "high" }, resolveCompat(small))).toEqual({
			maxTokens: 4096,
			budget: 3072,
		});
		const tight = model("anthropic.claude-x", { maxTokens: 1500 });
		expect(reasoningParams(tight, { reasoning: "low" }, resolveCompat(tight))).toEqual({
			maxTokens: 1500,
			budget: 1024,
		});
		const tiny = model("anthropic.claude-x", { maxTokens: 1024 });
		expect(reasoningParams(tiny, { reasoning: "low" }, resolveCompat(tiny))).toEqual({ maxTokens: 1024 });
	});
	it("a model without the anthropic format sends a limit only when the caller sets one", () => {
		const nova = model("amazon.nova-pro-v1:0");
		expect(reasoningParams(nova, { reasoning: "high" }, resolveCompat(nova))).toEqual({
			maxTokens: undefined,
		});
		expect(reasoningParams(nova, { maxTokens: 300 }, resolveCompat(nova))).toEqual({ maxTokens: 300 });
	});
});

describe("mapStopReason and mapUsage", () => {
	it("maps the documented values and leaves unknown ones a normal stop", () => {
		expect(mapStopReason("end_turn")).toEqual({ reason: "stop" });
		expect(mapStopReason("tool_use")).toEqual({ reason: "toolUse" });
		expect(mapStopReason("max_tokens")).toEqual({ reason: "length" });
		expect(mapStopReason("something_new")).toEqual({ reason: "stop" });
		expect(mapStopReason("content_filtered")).toMatchObject({ failure: { code: "content_filtered" } });
	});
	it("passes the counts through (inputTokens already excludes the cache), only those present", () => {
		expect(
			mapUsage({
				inputTokens: 10,
				outputTokens: 5,
				totalTokens: 145,
				cacheReadInputTokens: 100,
				cacheWriteInputTokens: 30,
			}),
		).toEqual({ input: 10, output: 5, cacheRead: 100, cacheWrite: 30 });
		expect(mapUsage({ outputTokens: 5 })).toEqual({ output: 5 });
		expect(mapUsage(undefined)).toEqual({});
	});
});

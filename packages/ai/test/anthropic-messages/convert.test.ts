import { describe, expect, it } from "vitest";
import { convertMessages } from "../../src/providers/anthropic-messages/convert.js";
import { mapUsage, reasoningParams } from "../../src/providers/anthropic-messages/map.js";
import { anthropicToolId } from "../../src/providers/anthropic-messages/tool-ids.js";
import type { AssistantMessage, Model, ThinkingLevel, ToolResultMessage } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { TEST_COST } from "./fixtures.js";

const model: Model<"anthropic-messages"> = {
	id: "claude-test-4-5",
	name: "Claude Test",
	api: "anthropic-messages",
	provider: "anthropic",
	baseUrl: "http://127.0.0.1:9",
	reasoning: true,
	input: ["text", "image"],
	cost: TEST_COST,
	contextWindow: 200_000,
	maxTokens: 64_000,
};

function assistant(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: model.id,
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: 2,
		...extra,
	};
}

function result(toolCallId: string, text: string): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName: "ls",
		content: [{ type: "text", text }],
		isError: false,
		timestamp: 3,
	};
}

describe("anthropic-messages convert: thinking replay", () => {
	it("replays Claude's own signed and redacted thinking byte-for-byte", () => {
		const signature = "EqQBCgIYAhIM+/==";
		const messages = convertMessages(model, [
			{ role: "user", content: "hi", timestamp: 1 },
			assistant([
				{ type: "thinking", thinking: "  exact  text\n", thinkingSignature: signature },
				{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "ENCRYPTED" },
				{ type: "text", text: "hello" },
			]),
		]);
		expect(messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "  exact  text\n", signature },
				{ type: "redacted_thinking", data: "ENCRYPTED" },
				{ type: "text", text: "hello" },
			],
		});
	});

	it("drops unsigned and foreign thinking (never sent as text), and a turn left with nothing", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "hi", timestamp: 1 },
			assistant([{ type: "thinking", thinking: "cut before its signature" }]),
			assistant(
				[
					{ type: "thinking", thinking: "openai reasoning", thinkingSignature: "reasoning_content" },
					{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "opaque" },
					{ type: "text", text: "answer" },
				],
				{ api: "openai-completions", provider: "openai", model: "gpt-x" },
			),
		]);
		expect(messages.slice(1)).toEqual([{ role: "assistant", content: [{ type: "text", text: "answer" }] }]);
		expect(JSON.stringify(messages)).not.toMatch(/cut before|openai reasoning|reasoning_content|opaque/);
	});
});

describe("anthropic-messages convert: history repair", () => {
	it("skips errored and aborted turns together with the tool results that answer them", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "go", timestamp: 1 },
			assistant([{ type: "toolCall", id: "toolu_bad", name: "ls", arguments: {} }], { stopReason: "error" }),
			result("toolu_bad", "never asked"),
			assistant([{ type: "text", text: "half" }], { stopReason: "aborted" }),
			{ role: "user", content: "again", timestamp: 4 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "go" }] },
			{ role: "user", content: [{ type: "text", text: "again" }] },
		]);
	});

	it("answers a tool call left without a result with a synthetic error before the next turn", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "go", timestamp: 1 },
			assistant(
				[
					{ type: "toolCall", id: "toolu_1", name: "ls", arguments: {} },
					{ type: "toolCall", id: "toolu_2", name: "read", arguments: {} },
				],
				{ stopReason: "toolUse" },
			),
			result("toolu_1", "files"),
			{ role: "user", content: "stop that", timestamp: 5 },
		]);
		expect(messages[2]).toEqual({
			role: "user",
			content: [
				{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "files" }] },
				{
					type: "tool_result",
					tool_use_id: "toolu_2",
					content: [
						{ type: "text", text: "The read tool call got no result: the turn ended before it ran." },
					],
					is_error: true,
				},
			],
		});
		expect(messages[3]).toEqual({ role: "user", content: [{ type: "text", text: "stop that" }] });
	});

	it("sends images as base64 sources, or a note for a text-only model", () => {
		const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
		const withImages = convertMessages(model, [
			{ role: "user", content: [{ type: "text", text: "see" }, image], timestamp: 1 },
		]);
		expect(withImages[0]?.content).toEqual([
			{ type: "text", text: "see" },
			{ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
		]);
		const textOnly = convertMessages({ ...model, input: ["text"] }, [
			{ role: "user", content: [image], timestamp: 1 },
		]);
		expect(textOnly[0]?.content).toEqual([
			{ type: "text", text: "(an image of type image/png was omitted: claude-test-4-5 reads text only)" },
		]);
	});

	it("drops empty and whitespace-only text blocks, which the API rejects", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "  ", timestamp: 1 },
			{ role: "user", content: "real", timestamp: 1 },
			assistant([{ type: "text", text: "\n" }]),
		]);
		expect(messages).toEqual([{ role: "user", content: [{ type: "text", text: "real" }] }]);
	});
});

describe("anthropic-messages tool ids", () => {
	it("keeps valid ids and maps others deterministically to ^[a-zA-Z0-9_-]{1,64}$ without collisions", () => {
		expect(anthropicToolId("toolu_01A09q90qw90lq917835lq9")).toBe("toolu_01A09q90qw90lq917835lq9");
		const ids = [
			"call_1|fc_1",
			"call_1|fc_2",
			"call_1.fc_1",
			`x${"y".repeat(100)}`,
			`x${"y".repeat(99)}z`,
			"",
			"é",
		];
		const mapped = ids.map(anthropicToolId);
		for (const id of mapped) expect(id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(new Set(mapped).size).toBe(ids.length);
		expect(ids.map(anthropicToolId)).toEqual(mapped);
	});
});

describe("anthropic-messages map", () => {
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

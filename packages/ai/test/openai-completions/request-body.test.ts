import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import type { AssistantMessage, Context, Model, ThinkingLevel } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { collect, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

function okStream(): { body: string } {
	return { body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) };
}

async function sentBody(
	model: Model<"openai-completions">,
	context: Context = { systemPrompt: "Be brief.", messages: [{ role: "user", content: "Hi", timestamp: 1 }] },
	options: Parameters<typeof collect>[2] = {},
): Promise<Record<string, unknown>> {
	wire.current.enqueue(okStream());
	const { message } = await collect(model, context, options);
	expect(message.stopReason).toBe("stop");
	return requestBody(wire.current);
}

function assistant(
	content: AssistantMessage["content"],
	stopReason: AssistantMessage["stopReason"],
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "openai-completions",
		provider: "openai",
		model: "gpt-4.1",
		usage: zeroUsage(),
		stopReason,
		timestamp: 2,
	};
}

describe("openai-completions request body", () => {
	it("posts to /v1/chat/completions with the model, stream, usage, store and the key", async () => {
		const body = await sentBody(testModel(wire.current));
		const request = wire.current.requests.at(-1);
		expect(request?.path).toBe("/v1/chat/completions");
		expect(request?.headers.authorization).toBe("Bearer sk-test-wire-0123456789");
		expect(body).toEqual({
			model: "gpt-4.1",
			messages: [
				{ role: "system", content: "Be brief." },
				{ role: "user", content: "Hi" },
			],
			stream: true,
			stream_options: { include_usage: true },
			store: false,
		});
	});

	it("sends max_completion_tokens by default and max_tokens when compat asks, only when maxTokens is set", async () => {
		expect(await sentBody(testModel(wire.current), undefined, { maxTokens: 321 })).toMatchObject({
			max_completion_tokens: 321,
		});
		const legacy = testModel(wire.current, { compatFlags: { maxTokensField: "max_tokens" } });
		const body = await sentBody(legacy, undefined, { maxTokens: 123 });
		expect(body.max_tokens).toBe(123);
		expect(body).not.toHaveProperty("max_completion_tokens");
		const unset = await sentBody(testModel(wire.current));
		expect(unset).not.toHaveProperty("max_completion_tokens");
		expect(unset).not.toHaveProperty("max_tokens");
	});

	it("sends the system prompt as developer for OpenAI reasoning models, else as system, or as compat says", async () => {
		const roleOf = (body: Record<string, unknown>) => (body.messages as { role: string }[])[0]?.role;
		expect(roleOf(await sentBody(testModel(wire.current, { reasoning: true })))).toBe("developer");
		expect(roleOf(await sentBody(testModel(wire.current, { reasoning: false })))).toBe("system");
		expect(roleOf(await sentBody(testModel(wire.current, { reasoning: true, provider: "deepseek" })))).toBe(
			"system",
		);
		const forced = testModel(wire.current, { reasoning: false, compatFlags: { systemRole: "developer" } });
		expect(roleOf(await sentBody(forced))).toBe("developer");
	});

	it("leaves out store and stream_options when compat says the server rejects them", async () => {
		const model = testModel(wire.current, {
			compatFlags: { supportsStore: false, supportsUsageInStreaming: false },
		});
		const body = await sentBody(model);
		expect(body).not.toHaveProperty("store");
		expect(body).not.toHaveProperty("stream_options");
	});

	it.each([
		["minimal", "minimal"],
		["low", "low"],
		["medium", "medium"],
		["high", "high"],
		["xhigh", "high"],
		["off", undefined],
	] as const)("maps reasoning %s to reasoning_effort %s", async (level: ThinkingLevel, effort) => {
		const body = await sentBody(testModel(wire.current, { id: "o4-mini", reasoning: true }), undefined, {
			reasoning: level,
		});
		expect(body.reasoning_effort).toBe(effort);
	});

	it("clamps reasoning_effort to the model's thinkingLevels and sends none for off where accepted", async () => {
		const model = testModel(wire.current, {
			id: "gpt-5.2",
			reasoning: true,
			thinkingLevels: ["off", "low", "medium", "high", "xhigh"],
		});
		expect((await sentBody(model, undefined, { reasoning: "xhigh" })).reasoning_effort).toBe("xhigh");
		expect((await sentBody(model, undefined, { reasoning: "off" })).reasoning_effort).toBe("none");
		expect((await sentBody(model, undefined, { reasoning: "minimal" })).reasoning_effort).toBe("none");
	});

	it("sends no reasoning_effort for models without reasoning or when compat says no", async () => {
		expect(await sentBody(testModel(wire.current), undefined, { reasoning: "high" })).not.toHaveProperty(
			"reasoning_effort",
		);
		const noEffort = testModel(wire.current, {
			reasoning: true,
			compatFlags: { supportsReasoningEffort: false },
		});
		expect(await sentBody(noEffort, undefined, { reasoning: "high" })).not.toHaveProperty("reasoning_effort");
	});

	it("sends temperature, and prompt_cache_key from sessionId for OpenAI only", async () => {
		const openai = await sentBody(testModel(wire.current), undefined, {
			temperature: 0.3,
			sessionId: "session-42",
		});
		expect(openai).toMatchObject({ temperature: 0.3, prompt_cache_key: "session-42" });
		const groq = await sentBody(testModel(wire.current, { provider: "groq" }), undefined, {
			sessionId: "session-42",
		});
		expect(groq).not.toHaveProperty("prompt_cache_key");
		const noCache = await sentBody(testModel(wire.current), undefined, {
			sessionId: "s",
			cacheRetention: "none",
		});
		expect(noCache).not.toHaveProperty("prompt_cache_key");
	});

	it("sends tools as functions with their JSON schema", async () => {
		const context: Context = {
			messages: [{ role: "user", content: "Weather?", timestamp: 1 }],
			tools: [
				{
					name: "get_weather",
					description: "Current weather.",
					parameters: Type.Object({ city: Type.String() }),
				},
			],
		};
		const body = await sentBody(testModel(wire.current), context);
		expect(body.tools).toEqual([
			{
				type: "function",
				function: {
					name: "get_weather",
					description: "Current weather.",
					parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
				},
			},
		]);
	});

	it("converts history: images, tool calls, tool results in order, their images after them, no thinking", async () => {
		const context: Context = {
			systemPrompt: "sys",
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "Look:" },
						{ type: "image", data: "AAAA", mimeType: "image/png" },
					],
					timestamp: 1,
				},
				assistant([{ type: "text", text: "half" }], "aborted"),
				assistant([{ type: "text", text: "broken" }], "error"),
				assistant(
					[
						{ type: "thinking", thinking: "secret plan", thinkingSignature: "sig" },
						{ type: "text", text: "Checking " },
						{ type: "text", text: "both." },
						{ type: "toolCall", id: "call_1", name: "shot", arguments: { url: "a" } },
						{ type: "toolCall", id: "call_2", name: "read", arguments: { path: "b" } },
					],
					"toolUse",
				),
				{
					role: "toolResult",
					toolCallId: "call_1",
					toolName: "shot",
					content: [{ type: "image", data: "BBBB", mimeType: "image/jpeg" }],
					isError: false,
					timestamp: 3,
				},
				{
					role: "toolResult",
					toolCallId: "call_2",
					toolName: "read",
					content: [
						{ type: "text", text: "line 1" },
						{ type: "text", text: "line 2" },
					],
					isError: false,
					timestamp: 4,
				},
				{ role: "user", content: [{ type: "text", text: "Thanks" }], timestamp: 5 },
			],
		};
		const body = await sentBody(testModel(wire.current), context);
		expect(body.messages).toEqual([
			{ role: "system", content: "sys" },
			{
				role: "user",
				content: [
					{ type: "text", text: "Look:" },
					{ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
				],
			},
			{
				role: "assistant",
				content: "Checking both.",
				tool_calls: [
					{ id: "call_1", type: "function", function: { name: "shot", arguments: '{"url":"a"}' } },
					{ id: "call_2", type: "function", function: { name: "read", arguments: '{"path":"b"}' } },
				],
			},
			{
				role: "tool",
				tool_call_id: "call_1",
				content: "(the tool returned images; they follow in the next user message)",
			},
			{ role: "tool", tool_call_id: "call_2", content: "line 1\nline 2" },
			{
				role: "user",
				content: [
					{ type: "text", text: "Images returned by the tool shot (call call_1):" },
					{ type: "image_url", image_url: { url: "data:image/jpeg;base64,BBBB" } },
				],
			},
			{ role: "user", content: "Thanks" },
		]);
	});

	it("sends an assistant turn that only called tools with null content", async () => {
		const context: Context = {
			messages: [
				{ role: "user", content: "go", timestamp: 1 },
				assistant([{ type: "toolCall", id: "call_9", name: "ls", arguments: {} }], "toolUse"),
				{
					role: "toolResult",
					toolCallId: "call_9",
					toolName: "ls",
					content: [{ type: "text", text: "a.ts" }],
					isError: false,
					timestamp: 2,
				},
			],
		};
		const messages = (await sentBody(testModel(wire.current), context)).messages as unknown[];
		expect(messages[1]).toEqual({
			role: "assistant",
			content: null,
			tool_calls: [{ id: "call_9", type: "function", function: { name: "ls", arguments: "{}" } }],
		});
	});

	it("sends the body onPayload returns instead of the built one, and gives it the built one", async () => {
		let seen: unknown;
		const body = await sentBody(testModel(wire.current), undefined, {
			onPayload: (payload) => {
				seen = payload;
				return { ...(payload as object), model: "gpt-4.1-mini", top_p: 0.5 };
			},
		});
		expect(seen).toMatchObject({ model: "gpt-4.1", stream: true });
		expect(body).toMatchObject({ model: "gpt-4.1-mini", top_p: 0.5, stream: true });
	});

	it("sends the model's headers with the caller's merged over them", async () => {
		const model = testModel(wire.current, { headers: { "x-team": "model", "x-model-only": "1" } });
		await sentBody(model, undefined, { headers: { "x-team": "caller" } });
		const headers = wire.current.requests.at(-1)?.headers;
		expect(headers?.["x-team"]).toBe("caller");
		expect(headers?.["x-model-only"]).toBe("1");
	});
});

import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { Context, Model, StreamOptions, ThinkingLevel } from "../../src/types.js";
import { collect, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

async function sentBody(
	model: Model<"openai-responses">,
	options: StreamOptions = {},
	context: Context = { systemPrompt: "Be brief.", messages: [{ role: "user", content: "Hi", timestamp: 1 }] },
): Promise<Record<string, unknown>> {
	wire.current.enqueue({ body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const { message } = await collect(model, context, options);
	expect(message.stopReason).toBe("stop");
	return requestBody(wire.current);
}

describe("openai-responses request body", () => {
	it("posts to /v1/responses: stream, store false, encrypted reasoning, summaries, developer prompt, the key", async () => {
		const body = await sentBody(testModel(wire.current));
		const request = wire.current.requests.at(-1);
		expect(request?.path).toBe("/v1/responses");
		expect(request?.headers.authorization).toBe("Bearer sk-test-wire-0123456789");
		expect(body).toEqual({
			model: "gpt-5",
			input: [
				{ role: "developer", content: "Be brief." },
				{ role: "user", content: [{ type: "input_text", text: "Hi" }] },
			],
			stream: true,
			store: false,
			reasoning: { summary: "auto" },
			include: ["reasoning.encrypted_content"],
		});
	});

	it("sends a non-reasoning model no reasoning and no include, and its system prompt as system", async () => {
		const body = await sentBody(testModel(wire.current, { id: "gpt-4.1", reasoning: false }), {
			reasoning: "high",
		});
		expect(body).not.toHaveProperty("reasoning");
		expect(body).not.toHaveProperty("include");
		expect((body.input as { role: string }[])[0]?.role).toBe("system");
	});

	it.each([
		["minimal", "minimal"],
		["low", "low"],
		["medium", "medium"],
		["high", "high"],
		["xhigh", "high"],
	] as const)(
		"maps reasoning %s to effort %s with summaries and encrypted content",
		async (level: ThinkingLevel, effort) => {
			const body = await sentBody(testModel(wire.current), { reasoning: level });
			expect(body.reasoning).toEqual({ effort, summary: "auto" });
			expect(body.include).toEqual(["reasoning.encrypted_content"]);
		},
	);

	it("sends no effort for off when the model does not list its levels (the model's default applies)", async () => {
		const body = await sentBody(testModel(wire.current), { reasoning: "off" });
		expect(body.reasoning).toEqual({ summary: "auto" });
		expect(body.include).toEqual(["reasoning.encrypted_content"]);
	});

	it("clamps the effort to the model's thinkingLevels, and sends effort none for off where listed", async () => {
		const model = testModel(wire.current, {
			id: "gpt-5.2",
			thinkingLevels: ["off", "low", "medium", "high", "xhigh"],
		});
		expect((await sentBody(model, { reasoning: "xhigh" })).reasoning).toEqual({
			effort: "xhigh",
			summary: "auto",
		});
		expect((await sentBody(model, { reasoning: "minimal" })).reasoning).toEqual({ effort: "none" });
		const off = await sentBody(model, { reasoning: "off" });
		expect(off.reasoning).toEqual({ effort: "none" });
		expect(off).not.toHaveProperty("include");
	});

	it("asks for the summary compat says, and for none when it says none", async () => {
		const detailed = testModel(wire.current, { compatFlags: { reasoningSummary: "detailed" } });
		expect((await sentBody(detailed, { reasoning: "low" })).reasoning).toEqual({
			effort: "low",
			summary: "detailed",
		});
		const none = testModel(wire.current, { compatFlags: { reasoningSummary: "none" } });
		const body = await sentBody(none, { reasoning: "low" });
		expect(body.reasoning).toEqual({ effort: "low" });
		expect(body.include).toEqual(["reasoning.encrypted_content"]);
		const bare = await sentBody(none);
		expect(bare).not.toHaveProperty("reasoning");
		expect(bare.include).toEqual(["reasoning.encrypted_content"]);
	});

	it("sends prompt_cache_key from sessionId to OpenAI only, none with cacheRetention none, 24h retention for long", async () => {
		const openai = await sentBody(testModel(wire.current), { sessionId: "session-42" });
		expect(openai.prompt_cache_key).toBe("session-42");
		expect(openai).not.toHaveProperty("prompt_cache_retention");
		const long = await sentBody(testModel(wire.current), { sessionId: "s", cacheRetention: "long" });
		expect(long).toMatchObject({ prompt_cache_key: "s", prompt_cache_retention: "24h" });
		const none = await sentBody(testModel(wire.current), { sessionId: "s", cacheRetention: "none" });
		expect(none).not.toHaveProperty("prompt_cache_key");
		const router = await sentBody(testModel(wire.current, { provider: "openrouter" }), { sessionId: "s" });
		expect(router).not.toHaveProperty("prompt_cache_key");
	});

	it("sends max_output_tokens and temperature only when set", async () => {
		const set = await sentBody(testModel(wire.current), { maxTokens: 321, temperature: 0.3 });
		expect(set).toMatchObject({ max_output_tokens: 321, temperature: 0.3 });
		const unset = await sentBody(testModel(wire.current));
		expect(unset).not.toHaveProperty("max_output_tokens");
		expect(unset).not.toHaveProperty("temperature");
	});

	it("sends tools as non-strict functions with their JSON schema", async () => {
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
		const body = await sentBody(testModel(wire.current), {}, context);
		expect(body.tools).toEqual([
			{
				type: "function",
				name: "get_weather",
				description: "Current weather.",
				parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
				strict: false,
			},
		]);
	});

	it("sends the body onPayload returns instead of the built one, and gives it the built one", async () => {
		let seen: unknown;
		const body = await sentBody(testModel(wire.current), {
			onPayload: (payload) => {
				seen = payload;
				return { ...(payload as object), model: "gpt-5-mini", service_tier: "flex" };
			},
		});
		expect(seen).toMatchObject({ model: "gpt-5", stream: true, store: false });
		expect(body).toMatchObject({ model: "gpt-5-mini", service_tier: "flex", stream: true });
	});

	it("sends the model's headers with the caller's merged over them", async () => {
		const model = testModel(wire.current, { headers: { "x-team": "model", "x-model-only": "1" } });
		await sentBody(model, { headers: { "x-team": "caller" } });
		const headers = wire.current.requests.at(-1)?.headers;
		expect(headers?.["x-team"]).toBe("caller");
		expect(headers?.["x-model-only"]).toBe("1");
	});
});

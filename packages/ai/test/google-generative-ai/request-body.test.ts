import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { Context, Model, StreamOptions } from "../../src/types.js";
import { API_KEY, baseOptions, run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

/** The JSON body the server received, typed as far as the assertions read it. */
interface Body {
	[field: string]: unknown;
	contents: { role: string; parts: Record<string, unknown>[] }[];
	systemInstruction?: { parts: { text: string }[] };
	tools?: { functionDeclarations: Record<string, unknown>[] }[];
	generationConfig?: {
		temperature?: number;
		maxOutputTokens?: number;
		thinkingConfig?: { includeThoughts?: boolean; thinkingBudget?: number; thinkingLevel?: string };
	};
}

async function sentBody(
	context: Context,
	options: StreamOptions = {},
	model: Model<"google-generative-ai"> = testModel(server.current),
): Promise<Body> {
	server.current.enqueue({ body: encodeGeminiStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const { message } = await run(model, context, baseOptions(options));
	expect(message.stopReason).toBe("stop");
	return server.current.requests.at(-1)?.body as Body;
}

const toolContext: Context = {
	systemPrompt: "You are terse.",
	messages: [{ role: "user", content: "List files.", timestamp: 1 }],
	tools: [
		{ name: "ls", description: "List a folder", parameters: Type.Object({ path: Type.String() }) },
		{
			name: "read",
			description: "Read a file",
			parameters: Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
		},
	],
};

describe("google-generative-ai: request body", () => {
	it("posts to streamGenerateContent?alt=sse with the key in x-goog-api-key, the system instruction and the tools", async () => {
		const body = await sentBody(toolContext);
		const request = server.current.requests.at(-1);
		expect(request?.method).toBe("POST");
		expect(request?.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
		expect(request?.headers["x-goog-api-key"]).toBe(API_KEY);
		expect(body.contents).toEqual([{ role: "user", parts: [{ text: "List files." }] }]);
		expect(body.systemInstruction).toEqual({ parts: [{ text: "You are terse." }] });
		expect(body.tools).toEqual([
			{
				functionDeclarations: [
					{
						name: "ls",
						description: "List a folder",
						parametersJsonSchema: toolContext.tools?.[0]?.parameters,
					},
					{
						name: "read",
						description: "Read a file",
						parametersJsonSchema: toolContext.tools?.[1]?.parameters,
					},
				],
			},
		]);
		expect(JSON.stringify(body)).not.toContain("automaticContinuation");
	});

	it("sends no systemInstruction, tools or output limit when there are none", async () => {
		const body = await sentBody(userSays(), {}, testModel(server.current, { reasoning: false }));
		expect(body.systemInstruction).toBeUndefined();
		expect(body.tools).toBeUndefined();
		expect(body.generationConfig ?? {}).toEqual({});
	});

	it("sends maxOutputTokens and temperature when the caller sets them", async () => {
		const plain = testModel(server.current, { reasoning: false });
		const body = await sentBody(userSays(), { maxTokens: 2_000, temperature: 0.2 }, plain);
		expect(body.generationConfig).toEqual({ maxOutputTokens: 2_000, temperature: 0.2 });
	});

	it("asks a reasoning model for its thoughts even without a level", async () => {
		const body = await sentBody(userSays());
		expect(body.generationConfig?.thinkingConfig).toEqual({ includeThoughts: true });
	});

	it.each([
		["off", { thinkingBudget: 0 }],
		["minimal", { includeThoughts: true, thinkingBudget: 512 }],
		["low", { includeThoughts: true, thinkingBudget: 2_048 }],
		["medium", { includeThoughts: true, thinkingBudget: 8_192 }],
		["high", { includeThoughts: true, thinkingBudget: 16_384 }],
		["xhigh", { includeThoughts: true, thinkingBudget: 24_576 }],
	] as const)("sends budget-mode level %s as %j", async (level, thinkingConfig) => {
		const body = await sentBody(userSays(), { reasoning: level });
		expect(body.generationConfig?.thinkingConfig).toEqual(thinkingConfig);
	});

	it("clamps the level to the model's thinkingLevels: off on a model that cannot stop thinking", async () => {
		const pro = testModel(server.current, {
			id: "gemini-2.5-pro",
			thinkingLevels: ["minimal", "low", "medium", "high", "xhigh"],
		});
		const body = await sentBody(userSays(), { reasoning: "off" }, pro);
		expect(body.generationConfig?.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: 512 });
	});

	it("raises maxOutputTokens above the budget when the caller's limit leaves no room for the answer", async () => {
		const body = await sentBody(userSays(), { reasoning: "high", maxTokens: 4_000 });
		expect(body.generationConfig).toEqual({
			maxOutputTokens: 16_384 + 1_024,
			thinkingConfig: { includeThoughts: true, thinkingBudget: 16_384 },
		});
	});

	it("shrinks the budget when the model's output limit cannot hold it", async () => {
		const small = testModel(server.current, { maxTokens: 8_192 });
		const body = await sentBody(userSays(), { reasoning: "high", maxTokens: 4_000 }, small);
		expect(body.generationConfig).toEqual({
			maxOutputTokens: 8_192,
			thinkingConfig: { includeThoughts: true, thinkingBudget: 8_192 - 1_024 },
		});
	});

	it.each([
		["off", "LOW"],
		["minimal", "LOW"],
		["low", "LOW"],
		["medium", "LOW"],
		["high", "HIGH"],
		["xhigh", "HIGH"],
	] as const)(
		"sends level-mode level %s as thinkingLevel %s when the model lists no levels",
		async (level, sent) => {
			const gemini3 = testModel(server.current, {
				id: "gemini-3-pro-preview",
				compat: { "google-generative-ai": { thinkingMode: "level" } },
			});
			const body = await sentBody(userSays(), { reasoning: level }, gemini3);
			expect(body.generationConfig?.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel: sent });
		},
	);

	it.each([
		["off", "MINIMAL"],
		["minimal", "MINIMAL"],
		["medium", "MEDIUM"],
		["xhigh", "HIGH"],
	] as const)(
		"sends level-mode level %s as %s for a model that lists all four levels",
		async (level, sent) => {
			const flash3 = testModel(server.current, {
				id: "gemini-3-flash-preview",
				thinkingLevels: ["minimal", "low", "medium", "high"],
				compat: { "google-generative-ai": { thinkingMode: "level" } },
			});
			const body = await sentBody(userSays(), { reasoning: level }, flash3);
			expect(body.generationConfig?.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel: sent });
		},
	);

	it("sends no thinkingConfig to a model without reasoning", async () => {
		const plain = testModel(server.current, { reasoning: false });
		const body = await sentBody(userSays(), { reasoning: "high" }, plain);
		expect(body.generationConfig?.thinkingConfig).toBeUndefined();
	});

	it("uses a base URL that already ends in /v1beta without adding a second version", async () => {
		await sentBody(userSays(), {}, testModel(server.current, { baseUrl: `${server.current.url}/v1beta/` }));
		expect(server.current.requests.at(-1)?.path).toBe(
			"/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
		);
	});

	it("keeps a path prefix of a proxy base URL", async () => {
		await sentBody(userSays(), {}, testModel(server.current, { baseUrl: `${server.current.url}/gemini/` }));
		expect(server.current.requests.at(-1)?.path).toBe(
			"/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
		);
	});

	it("sends the model's and the caller's headers", async () => {
		const model = testModel(server.current, { headers: { "x-model": "m", "x-both": "model" } });
		await sentBody(userSays(), { headers: { "x-trace": "t1", "x-both": "caller" } }, model);
		const headers = server.current.requests.at(-1)?.headers;
		expect(headers).toMatchObject({ "x-model": "m", "x-trace": "t1", "x-both": "caller" });
	});

	it("sends the parameters that onPayload returns instead of the built ones", async () => {
		let seen: unknown;
		const body = await sentBody(userSays("original"), {
			onPayload: (payload) => {
				seen = payload;
				const params = payload as { contents: unknown; config?: Record<string, unknown> };
				return {
					...params,
					contents: [{ role: "user", parts: [{ text: "replaced" }] }],
					config: { ...params.config, temperature: 0.7 },
				};
			},
		});
		expect(seen).toMatchObject({
			model: "gemini-2.5-flash",
			contents: [{ role: "user", parts: [{ text: "original" }] }],
		});
		expect(body.contents).toEqual([{ role: "user", parts: [{ text: "replaced" }] }]);
		expect(body.generationConfig?.temperature).toBe(0.7);
	});
});

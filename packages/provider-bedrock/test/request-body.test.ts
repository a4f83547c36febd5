import type { AssistantMessage, Context, Model, ToolResultMessage } from "@kestrel/ai";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { resolveCompat } from "../src/index.js";
import { encodeBedrockConverse, encodeBedrockStream } from "../src/testing/index.js";
import { collect, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const OK_SCRIPT = { blocks: [{ type: "text" as const, text: "ok" }] };
const PNG = "iVBORw0KGgo=";

/**
 * Sends `context` and returns the body the SDK put on the wire: the same whether it goes
 * to ConverseStream or, with tools for a model that takes none while streaming, to Converse.
 */
async function sent(context: Context, options = {}, model: Model = testModel(wire.server)) {
	const unstreamed = !resolveCompat(model).streamingToolUse && (context.tools?.length ?? 0) > 0;
	wire.server.enqueue(unstreamed ? encodeBedrockConverse(OK_SCRIPT) : encodeBedrockStream(OK_SCRIPT));
	const { message } = await collect(model, context, options);
	expect(message.stopReason, message.errorMessage).toBe("stop");
	return requestBody(wire.server);
}

function assistant(
	model: Model,
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
) {
	const message: AssistantMessage = {
		role: "assistant",
		content,
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "toolUse",
		timestamp: 2,
		...extra,
	};
	return message;
}

function result(id: string, content: ToolResultMessage["content"], isError = false): ToolResultMessage {
	return { role: "toolResult", toolCallId: id, toolName: "read", content, isError, timestamp: 3 };
}

describe("request: path, signing and the basic body", () => {
	it("posts to /model/<id>/converse-stream, SigV4-signed for the region, with the model's and the caller's headers", async () => {
		const model = testModel(wire.server, { headers: { "x-team": "kestrel" } });
		await sent(
			{ messages: [{ role: "user", content: "Hi", timestamp: 1 }] },
			{ headers: { "x-run": "7" } },
			model,
		);
		const request = wire.server.requests[0];
		expect(request?.method).toBe("POST");
		expect(request?.path).toBe("/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream");
		expect(String(request?.headers.authorization)).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDKESTRELTEST00001\/\d{8}\/us-east-1\/bedrock\/aws4_request/,
		);
		expect(request?.headers["x-team"]).toBe("kestrel");
		expect(request?.headers["x-run"]).toBe("7");
	});

	it("sends the system prompt, the user text and images as bytes, the output limit, and cache points", async () => {
		const body = await sent({
			systemPrompt: "You are terse.",
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "What is this?" },
						{ type: "image", data: PNG, mimeType: "image/png" },
					],
					timestamp: 1,
				},
			],
		});
		// The model id travels in the path, not in the body.
		expect(body).toEqual({
			system: [{ text: "You are terse." }, { cachePoint: { type: "default" } }],
			messages: [
				{
					role: "user",
					content: [
						{ text: "What is this?" },
						{ image: { format: "png", source: { bytes: PNG } } },
						{ cachePoint: { type: "default" } },
					],
				},
			],
			inferenceConfig: { maxTokens: 64_000 },
		});
	});

	it("an image type Bedrock does not take becomes a note; a text-only model gets a note instead of the image", async () => {
		const context: Context = {
			messages: [
				{
					role: "user",
					content: [
						{ type: "image", data: PNG, mimeType: "image/bmp" },
						{ type: "image", data: PNG, mimeType: "image/jpeg" },
					],
					timestamp: 1,
				},
			],
		};
		const withImages = await sent(context, { cacheRetention: "none" });
		expect((withImages.messages as { content: unknown[] }[])[0]?.content).toEqual([
			{ text: "(an image of type image/bmp was omitted: Bedrock takes PNG, JPEG, GIF and WebP)" },
			{ image: { format: "jpeg", source: { bytes: PNG } } },
		]);
		const textOnly = await sent(
			context,
			{ cacheRetention: "none" },
			testModel(wire.server, { input: ["text"] }),
		);
		expect(JSON.stringify(textOnly.messages)).not.toContain('"image"');
		expect(JSON.stringify(textOnly.messages)).toContain("reads text only");
	});

	it("sends the tools as toolSpec with a plain JSON schema, and a cache point after them", async () => {
		const parameters = Type.Object({ path: Type.String({ description: "A file" }) });
		const body = await sent({
			messages: [{ role: "user", content: "Read it", timestamp: 1 }],
			tools: [{ name: "read", description: "Read a file", parameters }],
		});
		expect(body.toolConfig).toEqual({
			tools: [
				{
					toolSpec: {
						name: "read",
						description: "Read a file",
						inputSchema: { json: JSON.parse(JSON.stringify(parameters)) },
					},
				},
				{ cachePoint: { type: "default" } },
			],
		});
	});

	it("sends temperature, and no reasoning fields, when reasoning is off", async () => {
		const body = await sent(
			{ messages: [{ role: "user", content: "Hi", timestamp: 1 }] },
			{ temperature: 0.2, maxTokens: 500, reasoning: "off" },
		);
		expect(body.inferenceConfig).toEqual({ maxTokens: 500, temperature: 0.2 });
		expect(body.additionalModelRequestFields).toBeUndefined();
	});
});

describe("request: cache points honour cacheRetention and the model", () => {
	const context: Context = {
		systemPrompt: "System.",
		tools: [{ name: "ls", description: "List", parameters: Type.Object({}) }],
		messages: [
			{ role: "user", content: "First", timestamp: 1 },
			{ role: "user", content: "Second", timestamp: 1 },
		],
	};
	const points = (body: Record<string, unknown>) =>
		JSON.stringify(body)
			.match(/"cachePoint":\{[^}]*\}/g)
			?.map((point) => point.slice(13)) ?? [];

	it("long retention asks for a one-hour TTL on each of the three points", async () => {
		expect(points(await sent(context, { cacheRetention: "long" }))).toEqual([
			'{"type":"default","ttl":"1h"}',
			'{"type":"default","ttl":"1h"}',
			'{"type":"default","ttl":"1h"}',
		]);
	});

	it("the point of the conversation goes after the last user message only", async () => {
		const body = await sent(context);
		const messages = body.messages as { content: Record<string, unknown>[] }[];
		expect(messages).toHaveLength(1);
		expect(messages[0]?.content.map((block) => Object.keys(block)[0])).toEqual([
			"text",
			"text",
			"cachePoint",
		]);
	});

	it("none sends no cache point; Amazon Nova gets none after the tools; Llama gets none at all", async () => {
		expect(points(await sent(context, { cacheRetention: "none" }))).toEqual([]);
		const nova = await sent(
			context,
			{},
			testModel(wire.server, { id: "amazon.nova-pro-v1:0", reasoning: false }),
		);
		expect(JSON.stringify(nova.system)).toContain("cachePoint");
		expect(JSON.stringify(nova.toolConfig)).not.toContain("cachePoint");
		expect(JSON.stringify(nova.messages)).toContain("cachePoint");
		const llama = await sent(context, {}, testModel(wire.server, { id: "meta.llama3-3-70b-instruct-v1:0" }));
		expect(points(llama)).toEqual([]);
	});

	it("the cachePoints compat flag overrides the default of the model id", async () => {
		const model = testModel(wire.server, { compat: { "bedrock-converse-stream": { cachePoints: "none" } } });
		expect(points(await sent(context, {}, model))).toEqual([]);
	});
});

describe("request: reasoning", () => {
	const hello: Context = { messages: [{ role: "user", content: "Think.", timestamp: 1 }] };

	it("a reasoning level becomes Claude's thinking budget, with room for the answer and no temperature", async () => {
		const body = await sent(hello, { reasoning: "medium", temperature: 0.5 });
		expect(body.additionalModelRequestFields).toEqual({ thinking: { type: "enabled", budget_tokens: 8192 } });
		expect(body.inferenceConfig).toEqual({ maxTokens: 64_000 });
		const small = await sent(hello, { reasoning: "high", maxTokens: 4000 });
		expect(small.additionalModelRequestFields).toEqual({
			thinking: { type: "enabled", budget_tokens: 16384 },
		});
		expect(small.inferenceConfig).toEqual({ maxTokens: 17_408 });
	});

	it("a model without the anthropic thinking format gets no reasoning field and no default output limit", async () => {
		const nova = testModel(wire.server, { id: "amazon.nova-pro-v1:0", reasoning: true });
		const body = await sent(hello, { reasoning: "high" }, nova);
		expect(body.additionalModelRequestFields).toBeUndefined();
		expect(body.inferenceConfig).toBeUndefined();
	});

	it("a request that continues a tool loop without replayable thinking is sent without thinking", async () => {
		const model = testModel(wire.server);
		const other = { ...model, id: "anthropic.claude-haiku-4-5-20251001-v1:0" };
		const call = { type: "toolCall" as const, id: "tooluse_A1", name: "read", arguments: { path: "a" } };
		const context: Context = {
			messages: [
				{ role: "user", content: "Read a", timestamp: 1 },
				assistant(other, [{ type: "thinking", thinking: "Hm", thinkingSignature: "sig-other" }, call]),
				result("tooluse_A1", [{ type: "text", text: "A" }]),
			],
		};
		const body = await sent(context, { reasoning: "medium" }, model);
		expect(body.additionalModelRequestFields).toBeUndefined();
		expect(JSON.stringify(body)).not.toContain("sig-other");
	});
});

describe("request: replayed history", () => {
	it("the model's own signed and redacted reasoning go back byte-for-byte, before its text and calls", async () => {
		const model = testModel(wire.server);
		const signature = "EqQBCgIYAhIMn0/+x==\u00e9";
		const redacted = Buffer.from([0, 255, 128, 7, 42]).toString("base64");
		const context: Context = {
			messages: [
				{ role: "user", content: "Read a", timestamp: 1 },
				assistant(model, [
					{ type: "thinking", thinking: "Plan \uD83D it’s \n", thinkingSignature: signature },
					{ type: "thinking", thinking: "", thinkingSignature: redacted, redacted: true },
					{ type: "text", text: "Reading." },
					{ type: "toolCall", id: "tooluse_A1", name: "read", arguments: { path: "a" } },
				]),
				result("tooluse_A1", [{ type: "text", text: "A" }]),
			],
		};
		const body = await sent(context, { reasoning: "medium", cacheRetention: "none" }, model);
		expect(body.messages).toEqual([
			{ role: "user", content: [{ text: "Read a" }] },
			{
				role: "assistant",
				content: [
					{ reasoningContent: { reasoningText: { text: "Plan \uD83D it’s \n", signature } } },
					{ reasoningContent: { redactedContent: redacted } },
					{ text: "Reading." },
					{ toolUse: { toolUseId: "tooluse_A1", name: "read", input: { path: "a" } } },
				],
			},
			{
				role: "user",
				content: [{ toolResult: { toolUseId: "tooluse_A1", content: [{ text: "A" }], status: "success" } }],
			},
		]);
		expect(body.additionalModelRequestFields).toEqual({ thinking: { type: "enabled", budget_tokens: 8192 } });
	});

	it("another model's thinking is dropped, its call ids mapped to Bedrock's rule in the call and in its result", async () => {
		const model = testModel(wire.server);
		const foreign: Model = { ...model, api: "openai-responses", provider: "openai", id: "gpt-5" };
		const longId = `call_abc|fc_${"x9/+=".repeat(30)}`;
		const context: Context = {
			messages: [
				{ role: "user", content: "Go", timestamp: 1 },
				assistant(foreign, [
					{ type: "thinking", thinking: "secret plan", thinkingSignature: '{"id":"rs_1"}' },
					{ type: "toolCall", id: longId, name: "read", arguments: {} },
				]),
				result(longId, [{ type: "text", text: "done" }]),
			],
		};
		const body = await sent(context, { cacheRetention: "none" }, model);
		const text = JSON.stringify(body);
		expect(text).not.toContain("secret plan");
		expect(text).not.toContain("rs_1");
		const messages = body.messages as { content: Record<string, { toolUseId: string }>[] }[];
		const callId = messages[1]?.content[0]?.toolUse?.toolUseId ?? "";
		expect(callId).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(callId).not.toBe(longId);
		expect(messages[2]?.content[0]?.toolResult?.toolUseId).toBe(callId);
	});

	it("tool results: text and images, status error, several results in one user message before the next text", async () => {
		const model = testModel(wire.server);
		const context: Context = {
			messages: [
				{ role: "user", content: "Both", timestamp: 1 },
				assistant(model, [
					{ type: "toolCall", id: "t1", name: "read", arguments: {} },
					{ type: "toolCall", id: "t2", name: "read", arguments: {} },
				]),
				result("t1", [
					{ type: "text", text: "one" },
					{ type: "image", data: PNG, mimeType: "image/png" },
				]),
				result("t2", [{ type: "text", text: "no such file" }], true),
				{ role: "user", content: "Now?", timestamp: 4 },
			],
		};
		const body = await sent(context, { cacheRetention: "none" }, model);
		expect((body.messages as unknown[])[2]).toEqual({
			role: "user",
			content: [
				{
					toolResult: {
						toolUseId: "t1",
						content: [{ text: "one" }, { image: { format: "png", source: { bytes: PNG } } }],
						status: "success",
					},
				},
				{ toolResult: { toolUseId: "t2", content: [{ text: "no such file" }], status: "error" } },
				{ text: "Now?" },
			],
		});
	});

	it("a model that takes no tool-result status gets an error result that says so, and an empty result a note", async () => {
		const model = testModel(wire.server, { id: "meta.llama3-3-70b-instruct-v1:0", reasoning: false });
		const context: Context = {
			messages: [
				{ role: "user", content: "Both", timestamp: 1 },
				assistant(model, [
					{ type: "toolCall", id: "t1", name: "read", arguments: {} },
					{ type: "toolCall", id: "t2", name: "read", arguments: {} },
				]),
				result("t1", [{ type: "text", text: "boom" }], true),
				result("t2", []),
			],
		};
		const body = await sent(context, {}, model);
		expect((body.messages as unknown[])[2]).toEqual({
			role: "user",
			content: [
				{
					toolResult: {
						toolUseId: "t1",
						content: [{ text: "The tool reported an error." }, { text: "boom" }],
					},
				},
				{ toolResult: { toolUseId: "t2", content: [{ text: "(no output)" }] } },
			],
		});
	});

	it("onPayload sees the request and may replace it", async () => {
		wire.server.enqueue(encodeBedrockStream(OK_SCRIPT));
		let seen: unknown;
		await collect(testModel(wire.server), undefined, {
			onPayload: (payload) => {
				seen = payload;
				return { ...(payload as object), inferenceConfig: { maxTokens: 7 } };
			},
		});
		expect((seen as { modelId: string }).modelId).toBe("anthropic.claude-sonnet-4-5-20250929-v1:0");
		expect(requestBody(wire.server).inferenceConfig).toEqual({ maxTokens: 7 });
	});
});

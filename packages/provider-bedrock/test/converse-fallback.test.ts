import type { AssistantMessageEvent, Context, Model } from "@kestrel/ai";
import type { WireScript } from "@kestrel/ai/testing";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { resolveCompat } from "../src/index.js";
import { bedrockErrorResponse, encodeBedrockConverse, encodeBedrockStream } from "../src/testing/index.js";
import { collect, comparable, HELLO, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const LLAMA = "us.meta.llama4-maverick-17b-instruct-v1:0";
const CONVERSE_PATH = `/model/${encodeURIComponent(LLAMA)}/converse`;

/** Llama 4 Maverick on the loopback server, with made-up prices so that cost is checked. */
function llama(overrides: Partial<Model<"bedrock-converse-stream">> = {}): Model<"bedrock-converse-stream"> {
	return testModel(wire.server, {
		id: LLAMA,
		name: "Llama 4 Maverick (test)",
		reasoning: false,
		cost: { input: 0.5, output: 2, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 1_000_000,
		maxTokens: 8192,
		...overrides,
	});
}

const WITH_TOOLS: Context = {
	messages: [{ role: "user", content: "Read the index.", timestamp: 1 }],
	tools: [
		{
			name: "read",
			description: "Reads a file.",
			parameters: Type.Object({ path: Type.String(), lines: Type.Optional(Type.Array(Type.Number())) }),
		},
	],
};

const ARGS = { path: "src/index.ts", lines: [1, 20], note: "“quoted” ✅" };

/** What consumers see of an event, without the partial message that every event carries. */
function shape(event: AssistantMessageEvent) {
	const { partial: _partial, message: _message, ...rest } = event as Record<string, unknown>;
	return rest;
}

describe("streamingToolUse: false, a request with tools goes through Converse", () => {
	it("posts to /converse, not /converse-stream, with the body ConverseStream would get", async () => {
		wire.server.enqueue(
			encodeBedrockConverse({
				blocks: [{ type: "toolCall", id: "tooluse_1", name: "read", arguments: ARGS }],
			}),
		);
		const { message } = await collect(llama(), WITH_TOOLS);
		expect(message.stopReason, message.errorMessage).toBe("toolUse");
		const request = wire.server.requests[0];
		expect(request?.method).toBe("POST");
		expect(request?.path).toBe(CONVERSE_PATH);
		expect(requestBody(wire.server)).toMatchObject({
			messages: [{ role: "user", content: [{ text: "Read the index." }] }],
			toolConfig: { tools: [{ toolSpec: { name: "read", description: "Reads a file." } }] },
		});
	});

	it("a tool call arrives with its arguments, as start, one delta of its JSON and end", async () => {
		wire.server.enqueue(
			encodeBedrockConverse({
				blocks: [{ type: "toolCall", id: "tooluse_Qz8", name: "read", arguments: ARGS }],
			}),
		);
		const { message, events } = await collect(llama(), WITH_TOOLS);
		expect(events.map((event) => event.type)).toEqual([
			"start",
			"toolcall_start",
			"toolcall_delta",
			"toolcall_end",
			"done",
		]);
		const delta = events.find((event) => event.type === "toolcall_delta");
		expect(delta?.type === "toolcall_delta" && JSON.parse(delta.delta)).toEqual(ARGS);
		expect(message.content).toEqual([{ type: "toolCall", id: "tooluse_Qz8", name: "read", arguments: ARGS }]);
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("tool_use");
	});

	it("text and tool calls replay as the very events a stream of the same answer gives", async () => {
		const script: WireScript = {
			blocks: [
				{ type: "text", text: "Let me read two files." },
				{ type: "toolCall", id: "tooluse_a", name: "read", arguments: { path: "a.ts" } },
				{ type: "toolCall", id: "tooluse_b", name: "read", arguments: { path: "é/b.ts" } },
			],
			usage: { input: 120, output: 40 },
		};
		wire.server.enqueue(encodeBedrockStream(script, { requestId: "same-id" }));
		const streamed = await collect(
			llama({ compat: { "bedrock-converse-stream": { streamingToolUse: true } } }),
			WITH_TOOLS,
		);
		wire.server.enqueue(encodeBedrockConverse(script, { requestId: "same-id" }));
		const replayed = await collect(llama(), WITH_TOOLS);
		expect(wire.server.requests.map((request) => request.path.split("/").at(-1))).toEqual([
			"converse-stream",
			"converse",
		]);
		expect(replayed.events.map(shape)).toEqual(streamed.events.map(shape));
		expect(comparable(replayed.message)).toEqual(comparable(streamed.message));
		expect(replayed.message.content).toHaveLength(3);
		expect(replayed.message.responseId).toBe("same-id");
	});

	it("reasoning keeps its signature, and redacted reasoning its bytes", async () => {
		const signature = "EqQBCgIYAhIM+/z9==\u00e9";
		const secret = Buffer.from([0, 1, 2, 250, 251, 252]).toString("base64");
		wire.server.enqueue(
			encodeBedrockConverse({
				blocks: [
					{ type: "thinking", thinking: "The file is small.", signature },
					{ type: "redacted_thinking", data: secret },
					{ type: "toolCall", id: "tooluse_r", name: "read", arguments: { path: "a.ts" } },
				],
			}),
		);
		// A Claude model told to send its tools unstreamed: reasoning comes back whole.
		const claude = testModel(wire.server, {
			compat: { "bedrock-converse-stream": { streamingToolUse: false } },
		});
		const { message, events } = await collect(claude, WITH_TOOLS, { reasoning: "low" });
		expect(wire.server.requests[0]?.path).toMatch(/\/converse$/);
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "The file is small.", thinkingSignature: signature },
			{ type: "thinking", thinking: "", redacted: true, thinkingSignature: secret },
			{ type: "toolCall", id: "tooluse_r", name: "read", arguments: { path: "a.ts" } },
		]);
		expect(events.map((event) => event.type).slice(0, 5)).toEqual([
			"start",
			"thinking_start",
			"thinking_delta",
			"thinking_end",
			"thinking_start",
		]);
	});

	it("usage and cost come from the response's usage, cache reads and writes apart", async () => {
		wire.server.enqueue(
			encodeBedrockConverse({
				blocks: [{ type: "toolCall", id: "tooluse_u", name: "read", arguments: {} }],
				usage: { input: 1_000_000, output: 500_000, cacheRead: 2000, cacheWrite: 300 },
			}),
		);
		const model = llama({ cost: { input: 0.5, output: 2, cacheRead: 0.05, cacheWrite: 0.6 } });
		const { message } = await collect(model, WITH_TOOLS);
		expect(message.usage).toMatchObject({
			input: 1_000_000,
			output: 500_000,
			cacheRead: 2000,
			cacheWrite: 300,
			totalTokens: 1_502_300,
		});
		expect(message.usage.cost.input).toBeCloseTo(0.5, 9);
		expect(message.usage.cost.output).toBeCloseTo(1, 9);
		expect(message.usage.cost.cacheRead).toBeCloseTo(0.0001, 9);
		expect(message.usage.cost.cacheWrite).toBeCloseTo(0.00018, 9);
		expect(message.usage.cost.total).toBeCloseTo(1.50028, 9);
	});

	it.each([
		["end_turn", "stop"],
		["max_tokens", "length"],
		["stop_sequence", "stop"],
		["tool_use", "toolUse"],
	])("stop reason %s ends normally as %s, the raw value kept", async (raw, expected) => {
		wire.server.enqueue(encodeBedrockConverse({ blocks: [{ type: "text", text: "Part" }], stop: raw }));
		const { message } = await collect(llama(), WITH_TOOLS);
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
		expect(message.content).toEqual([{ type: "text", text: "Part" }]);
	});

	it("a guardrail stop ends as an invalid_request error, the text kept", async () => {
		wire.server.enqueue(
			encodeBedrockConverse({ blocks: [{ type: "text", text: "Part of it" }], stop: "guardrail_intervened" }),
		);
		const { message, events } = await collect(llama(), WITH_TOOLS);
		expect(message.error).toEqual({ kind: "invalid_request", code: "guardrail_intervened" });
		expect(message.content).toEqual([{ type: "text", text: "Part of it" }]);
		expect(events.at(-1)?.type).toBe("error");
	});
});

describe("errors, abort and timeouts of the Converse call", () => {
	it.each([
		[400, "ValidationException", "invalid_request"],
		[429, "ThrottlingException", "rate_limit"],
		[503, "ServiceUnavailableException", "overloaded"],
	] as const)("HTTP %i %s → %s, through the same error mapping", async (status, type, kind) => {
		wire.server.enqueue(bedrockErrorResponse(status, { type, message: `${type} says no.` }));
		const { message, events } = await collect(llama(), WITH_TOOLS);
		expect(wire.server.requests[0]?.path).toBe(CONVERSE_PATH);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.error).toMatchObject({ kind, status, code: type });
		expect(message.errorMessage).toContain(`${type} says no.`);
	});

	it("a ThrottlingException with retry-after gives retryAfterMs; an input-too-long one is overflow", async () => {
		wire.server.enqueue(bedrockErrorResponse(429, { type: "ThrottlingException", retryAfterSeconds: 4 }));
		const throttled = await collect(llama(), WITH_TOOLS);
		expect(throttled.message.error).toMatchObject({ kind: "rate_limit", retryAfterMs: 4000 });
		wire.server.enqueue(
			encodeBedrockConverse({
				blocks: [],
				error: { type: "ValidationException", message: "Input is too long for requested model." },
			}),
		);
		const long = await collect(llama(), WITH_TOOLS);
		expect(wire.server.requests.map((request) => request.path)).toEqual([CONVERSE_PATH, CONVERSE_PATH]);
		expect(long.message.error).toMatchObject({ kind: "overflow", status: 400, code: "ValidationException" });
	});

	it("abort while the model works cancels the call and ends as aborted", async () => {
		let release = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		const controller = new AbortController();
		wire.server.enqueue({
			...encodeBedrockConverse({ blocks: [{ type: "text", text: "Too late." }] }),
			headersUntil: held,
		});
		try {
			const done = collect(llama(), WITH_TOOLS, { signal: controller.signal });
			await until(() => wire.server.requests.length === 1);
			controller.abort();
			const { message } = await done;
			expect(wire.server.requests[0]?.path).toBe(CONVERSE_PATH);
			expect(message.stopReason).toBe("aborted");
			expect(message.error?.kind).toBe("aborted");
			expect(message.content).toEqual([]);
		} finally {
			release();
		}
	});

	it("the first-byte timeout bounds the whole call: nothing arrives until the answer is complete", async () => {
		let release = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		wire.server.enqueue({
			...encodeBedrockConverse({ blocks: [{ type: "text", text: "Too late." }] }),
			headersUntil: held,
		});
		try {
			const { message } = await collect(llama(), WITH_TOOLS, { firstByteTimeoutMs: 150, idleTimeoutMs: 0 });
			expect(wire.server.requests[0]?.path).toBe(CONVERSE_PATH);
			expect(message.stopReason).toBe("error");
			expect(message.error?.kind).toBe("timeout");
			expect(message.errorMessage).toMatch(/before the first stream event/);
		} finally {
			release();
		}
	});

	it("a connection broken while the answer's body arrives is reported, not sent again", async () => {
		const response = encodeBedrockConverse({ blocks: [{ type: "text", text: "Half of a long answer." }] });
		wire.server.enqueue({ ...response, stallAfterBytes: 20, dropAfterStall: true });
		const { message } = await collect(llama(), WITH_TOOLS);
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(wire.server.requests.map((request) => request.path)).toEqual([CONVERSE_PATH]);
	});
});

describe("when the stream is kept", () => {
	it("a Llama request without tools streams through /converse-stream", async () => {
		wire.server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "Hello.", deltaSize: 2 }] }));
		const { message, events } = await collect(llama(), HELLO);
		expect(wire.server.requests[0]?.path).toBe(`${CONVERSE_PATH}-stream`);
		expect(message.content).toEqual([{ type: "text", text: "Hello." }]);
		expect(events.filter((event) => event.type === "text_delta")).toHaveLength(3);
	});

	it("a Claude request with tools streams: the flag defaults to true for it", async () => {
		wire.server.enqueue(
			encodeBedrockStream({ blocks: [{ type: "toolCall", id: "tooluse_c", name: "read", arguments: ARGS }] }),
		);
		const { message } = await collect(testModel(wire.server), WITH_TOOLS);
		expect(wire.server.requests[0]?.path).toMatch(/\/converse-stream$/);
		expect(message.content).toEqual([{ type: "toolCall", id: "tooluse_c", name: "read", arguments: ARGS }]);
	});

	it("the flag's default comes from the model id, and an explicit value wins", () => {
		const flag = (id: string, streamingToolUse?: boolean) =>
			resolveCompat({
				...llama({ id }),
				...(streamingToolUse === undefined
					? {}
					: { compat: { "bedrock-converse-stream": { streamingToolUse } } }),
			}).streamingToolUse;
		expect(flag("meta.llama3-3-70b-instruct-v1:0")).toBe(false);
		expect(flag("us.meta.llama4-scout-17b-instruct-v1:0")).toBe(false);
		expect(flag("mistral.mistral-large-2407-v1:0")).toBe(false);
		expect(flag("us.mistral.pixtral-large-2502-v1:0")).toBe(false);
		expect(flag("global.anthropic.claude-sonnet-4-6")).toBe(true);
		expect(flag("amazon.nova-pro-v1:0")).toBe(true);
		expect(flag("meta.llama3-3-70b-instruct-v1:0", true)).toBe(true);
		expect(flag("amazon.nova-pro-v1:0", false)).toBe(false);
	});
});

/** Waits, a tick at a time, for a condition the server sets; no wall-clock deadline. */
async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

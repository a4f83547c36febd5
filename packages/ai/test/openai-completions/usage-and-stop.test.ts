import { describe, expect, it } from "vitest";
import {
	encodeOpenAICompletionsStream,
	openaiChunkFactory,
} from "../../src/testing/wire-server/openai-completions.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { collect, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const TEXT = [{ type: "text" as const, text: "Sure." }];

describe("openai-completions usage", () => {
	it("reports uncached input (prompt_tokens minus cached_tokens), cache reads, output and cost", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: TEXT,
				usage: { input: 1_000, cacheRead: 3_000, output: 500 },
			}),
		});
		const { message } = await collect(testModel(wire.current));

		expect(message.usage).toEqual({
			input: 1_000,
			output: 500,
			cacheRead: 3_000,
			cacheWrite: 0,
			totalTokens: 4_500,
			cost: {
				input: (1_000 * 2) / 1e6,
				output: (500 * 8) / 1e6,
				cacheRead: (3_000 * 0.5) / 1e6,
				cacheWrite: 0,
				total: (1_000 * 2 + 500 * 8 + 3_000 * 0.5) / 1e6,
			},
		});
	});

	it("reads usage sent inside the chunk that carries the finish_reason", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream(
				{ blocks: TEXT, usage: { input: 10, cacheRead: 4, output: 3 } },
				{ usageInLastChoiceChunk: true },
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.usage).toMatchObject({ input: 10, cacheRead: 4, output: 3, totalTokens: 17 });
		expect(message.stopReason).toBe("stop");
	});

	it("sends no stream_options and reports zero usage when the server cannot stream usage", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream(
				{ blocks: TEXT, usage: { input: 10, output: 3 } },
				{ usageChunk: false },
			),
		});
		const model = testModel(wire.current, { compatFlags: { supportsUsageInStreaming: false } });
		const { message } = await collect(model);

		expect(requestBody(wire.current)).not.toHaveProperty("stream_options");
		expect(message.usage).toMatchObject({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 });
		expect(message.usage.cost.total).toBe(0);
		expect(message.stopReason).toBe("stop");
	});

	it("reads DeepSeek's prompt_cache_hit_tokens and OpenRouter's cache_write_tokens", async () => {
		const chunk = openaiChunkFactory({});
		const ending = (usage: Record<string, unknown>) =>
			[
				sseFrame(chunk({ content: "ok" })),
				sseFrame(chunk({}, "stop")),
				sseFrame({ ...chunk({}), choices: [], usage }),
				sseFrame("[DONE]"),
			].join("");
		wire.current.enqueue(
			{ body: ending({ prompt_tokens: 100, completion_tokens: 5, prompt_cache_hit_tokens: 60 }) },
			{
				body: ending({
					prompt_tokens: 194,
					completion_tokens: 2,
					prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 100 },
				}),
			},
		);
		const deepseek = await collect(testModel(wire.current));
		const openrouter = await collect(testModel(wire.current));
		expect(deepseek.message.usage).toMatchObject({ input: 40, cacheRead: 60, cacheWrite: 0, output: 5 });
		expect(openrouter.message.usage).toMatchObject({ input: 94, cacheRead: 0, cacheWrite: 100, output: 2 });
	});
});

describe("openai-completions finish_reason", () => {
	it.each([
		["stop", "stop"],
		["length", "length"],
		["tool_calls", "toolUse"],
		["function_call", "toolUse"],
		["eos", "stop"],
		["something_new", "stop"],
	] as const)("maps finish_reason %s to %s and keeps the raw value", async (raw, expected) => {
		wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: TEXT, stop: raw }) });
		const { events, message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
		expect(events.at(-1)?.type).toBe("done");
		expect(message.content).toEqual(TEXT);
	});

	it("reports stop with tool calls as toolUse, as servers that send stop there mean", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: [{ type: "toolCall", id: "call_1", name: "ls", arguments: {} }],
				stop: "stop",
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("stop");
	});

	it("ends with an invalid_request error on content_filter, keeping the text and the raw value", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: TEXT,
				stop: "content_filter",
				usage: { input: 5, output: 1 },
			}),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.error).toEqual({ kind: "invalid_request", code: "content_filter" });
		expect(message.errorMessage).toContain("content filter");
		expect(message.rawStopReason).toBe("content_filter");
		expect(message.content).toEqual(TEXT);
		expect(message.usage.input).toBe(5);
	});

	it("ends with an error on OpenRouter's bare finish_reason error", async () => {
		wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: TEXT, stop: "error" }) });
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("unknown");
		expect(message.content).toEqual(TEXT);
	});
});

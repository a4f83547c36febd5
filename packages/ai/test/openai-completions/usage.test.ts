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

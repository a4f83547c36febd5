import { describe, expect, it, vi } from "vitest";
import {
	encodeOpenAICompletionsStream,
	openaiChunkFactory,
} from "../../src/testing/wire-server/openai-completions.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { onWireClock } from "../support/wire-clock.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

vi.mock(import("../../src/provider-run.js"), async (original) =>
	(await import("../support/wire-clock.js")).countingActivity(await original()),
);

const wire = useWireServer();

describe("openai-completions failures inside the stream", () => {
	it("ends with an error event on vLLM's flat error chunk, which the SDK passes through", async () => {
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				sseFrame(chunk({ content: "Some" })),
				sseFrame({
					object: "error",
					message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens",
					type: "BadRequestError",
					param: null,
					code: 400,
				}),
			].join(""),
		});
		const { message } = await collect(testModel(wire.current, { provider: "vllm" }));
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("overflow");
		expect(message.content).toEqual([{ type: "text", text: "Some" }]);
	});
});

describe("openai-completions keep-alive comments", () => {
	it("counts SSE keep-alive comments as activity, so a silently thinking model does not time out", async () => {
		const comments = Array.from({ length: 8 }, () => ": OPENROUTER PROCESSING\n\n");
		const stream = encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "Thought long." }] });
		wire.current.enqueue({
			body: comments.join("") + stream,
			chunking: [...comments.map((comment) => comment.length), stream.length],
			chunkDelayMs: 60,
		});
		// 8 comments 60 ms apart on the watchdog's clock: 480 ms before the first event.
		const { message } = await onWireClock(60, () =>
			collect(testModel(wire.current), undefined, { firstByteTimeoutMs: 200, idleTimeoutMs: 200 }),
		);
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "Thought long." }]);
	});
});

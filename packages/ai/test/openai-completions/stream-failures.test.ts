import { afterEach, describe, expect, it, vi } from "vitest";
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

const LONG_TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(6);

afterEach(() => {
	vi.restoreAllMocks();
});

describe("openai-completions failures inside the stream", () => {
	it("ends with an error event on an error chunk mid-stream and keeps the text before it", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: [{ type: "text", text: "Partial answer", deltaSize: 4 }],
				error: { type: "server_error", message: "The server had an error while processing your request." },
			}),
		});
		const { events, message } = await collect(testModel(wire.current));

		expect(events.at(-1)?.type).toBe("error");
		expect(events.filter((event) => event.type === "error")).toHaveLength(1);
		expect(message.stopReason).toBe("error");
		expect(message.content).toEqual([{ type: "text", text: "Partial answer" }]);
		expect(message.error).toMatchObject({ kind: "unknown", code: "server_error" });
		expect(message.errorMessage).toContain("The server had an error");
	});

	it("classifies an error chunk by its type (rate limit mid-stream)", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: [{ type: "text", text: "Hi" }],
				error: { type: "rate_limit_exceeded", message: "Too many requests, slow down." },
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.error?.kind).toBe("rate_limit");
	});

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

	it("ends with an error event on a data line that is not JSON, and result() settles", async () => {
		vi.spyOn(console, "error").mockImplementation(() => {});
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				sseFrame(chunk({ content: "Fine so far" })),
				"data: {not json at all\n\n",
				sseFrame(chunk({}, "stop")),
			].join(""),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([{ type: "text", text: "Fine so far" }]);
	});

	it("reports a stream that ends without finish_reason and [DONE] as a network error, keeping the text", async () => {
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				sseFrame(chunk({ role: "assistant", content: "" })),
				sseFrame(chunk({ content: "Cut off mid" })),
			].join(""),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([{ type: "text", text: "Cut off mid" }]);
	});

	it("reports a dropped connection mid-stream as a network error, keeping the text", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 10 }],
		});
		const cut = body.indexOf("\n\n", body.indexOf("lazy")) + 2;
		// The socket dies once the client has read some text (a client drops what it has not read yet).
		wire.current.enqueue({ body, stallAfterBytes: cut, chunking: 128 });
		const { message } = await collect(testModel(wire.current), undefined, {}, (event) => {
			if (event.type === "text_delta") void wire.current.close();
		});
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		const text = message.content[0];
		expect(text?.type).toBe("text");
		expect(text?.type === "text" && LONG_TEXT.startsWith(text.text) && text.text.length > 0).toBe(true);
	});
});

describe("openai-completions abort and timeouts", () => {
	it("ends with aborted when the signal fires before the first byte", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "late" }] }),
			headersDelayMs: 2_000,
		});
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 50);
		const { events, message } = await collect(testModel(wire.current), undefined, {
			signal: controller.signal,
		});
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("aborted");
		expect(message.error?.kind).toBe("aborted");
		expect(message.content).toEqual([]);
	});

	it("ends with aborted mid-stream and keeps the partial text", async () => {
		const body = encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 5 }] });
		wire.current.enqueue({ body, chunking: 64, chunkDelayMs: 20 });
		const controller = new AbortController();
		const { events, message } = await collect(
			testModel(wire.current),
			undefined,
			{ signal: controller.signal },
			(event) => {
				if (event.type === "text_delta") controller.abort();
			},
		);
		expect(events.at(-1)).toMatchObject({ type: "error", reason: "aborted" });
		expect(message.stopReason).toBe("aborted");
		const text = message.content[0];
		expect(text?.type === "text" && text.text.length > 0 && text.text.length < LONG_TEXT.length).toBe(true);
		expect(text?.type === "text" && LONG_TEXT.startsWith(text.text)).toBe(true);
	});

	it("ends with timeout when the server stalls right after the headers", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "never" }] }),
			stallAfterBytes: 0,
		});
		const { message } = await collect(testModel(wire.current), undefined, { firstByteTimeoutMs: 200 });
		expect(message.error?.kind).toBe("timeout");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("nothing for 200 ms before the first stream event");
	});

	it("ends with timeout when the server stalls mid-stream, keeping the text so far", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 10 }],
		});
		const cut = body.indexOf("\n\n", body.indexOf("lazy")) + 2;
		wire.current.enqueue({ body, stallAfterBytes: cut });
		const { message } = await collect(testModel(wire.current), undefined, { idleTimeoutMs: 200 });
		expect(message.error?.kind).toBe("timeout");
		const text = message.content[0];
		expect(text?.type === "text" && text.text.includes("lazy")).toBe(true);
	});

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

import { describe, expect, it, vi } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import type { AssistantMessage } from "../../src/types.js";
import { onWireClock } from "../support/wire-clock.js";
import { afterFirst, collect, testModel, useWireServer } from "./fixtures.js";

vi.mock(import("../../src/provider-run.js"), async (original) =>
	(await import("../support/wire-clock.js")).countingActivity(await original()),
);

const wire = useWireServer();

const LONG_TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(6);

function textOf(message: AssistantMessage): string {
	const block = message.content[0];
	return block?.type === "text" ? block.text : "";
}

describe("openai-responses failures inside the stream", () => {
	it("ends with an error event on a mid-stream error event and keeps the text before it", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [{ type: "text", text: "Partial answer", deltaSize: 4 }],
				error: { type: "server_error", message: "The server had an error while processing your request." },
			}),
		});
		const { events, message } = await collect(testModel(wire.current));

		expect(events.at(-1)?.type).toBe("error");
		expect(events.filter((event) => event.type === "error")).toHaveLength(1);
		expect(message.stopReason).toBe("error");
		expect(textOf(message)).toBe("Partial answer");
		expect(message.error).toMatchObject({ kind: "unknown", code: "server_error" });
		expect(message.errorMessage).toContain("The server had an error");
	});

	it("classifies a mid-stream error event by its code (rate limit)", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [{ type: "text", text: "Hi" }],
				error: { type: "rate_limit_exceeded", message: "Too many requests, slow down." },
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.error).toMatchObject({ kind: "rate_limit", code: "rate_limit_exceeded" });
	});

	it("ends with an error event on the nested error event shape the API also sends", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream(
				{
					blocks: [{ type: "text", text: "Some" }],
					error: { type: "context_length_exceeded", message: "Your input exceeds the context window." },
				},
				{ errorShape: "nested" },
			),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error).toMatchObject({ kind: "overflow", code: "context_length_exceeded" });
		expect(textOf(message)).toBe("Some");
	});

	it("ends with an error event on a data line that is not JSON, and result() settles", async () => {
		const good = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "Fine so far" }] });
		const cut = afterFirst(good, "response.output_text.delta");
		wire.current.enqueue({
			body: `${good.slice(0, cut)}event: response.output_text.delta\ndata: {not json at all\n\n${good.slice(cut)}`,
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(textOf(message)).toBe("Fine so far");
	});

	it("reports a stream that ends without a terminal event as a network error, keeping the text", async () => {
		const body = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "Cut off mid" }] });
		wire.current.enqueue({ body: body.slice(0, body.indexOf("event: response.completed")) });
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(textOf(message)).toBe("Cut off mid");
	});

	it("reports a dropped connection mid-stream as a network error, keeping the text", async () => {
		const body = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 10 }] });
		const cut = body.indexOf("\n\n", body.indexOf("lazy")) + 2;
		// The socket dies once the client has read some text (a client drops what it has not read yet).
		wire.current.enqueue({ body, stallAfterBytes: cut, chunking: 256 });
		const { message } = await collect(testModel(wire.current), undefined, {}, (event) => {
			if (event.type === "text_delta") void wire.current.close();
		});
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		const text = textOf(message);
		expect(text.length).toBeGreaterThan(0);
		expect(LONG_TEXT.startsWith(text)).toBe(true);
	});

	it("stops reading after the terminal event even if the server keeps the connection open", async () => {
		const body = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "Done." }] });
		wire.current.enqueue({
			body: `${body}: trailing keep-alive\n\n`,
			stallAfterBytes: Buffer.byteLength(body),
		});
		const { message } = await collect(testModel(wire.current), undefined, { idleTimeoutMs: 2_000 });
		expect(message.stopReason).toBe("stop");
	});
});

describe("openai-responses abort and timeouts", () => {
	it("ends with aborted when the signal fires before the first byte", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "late" }] }),
			headersDelayMs: 2_000,
		});
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 50);
		const { events, message } = await collect(testModel(wire.current), undefined, {
			signal: controller.signal,
		});
		expect(events.at(-1)).toMatchObject({ type: "error", reason: "aborted" });
		expect(message.stopReason).toBe("aborted");
		expect(message.error?.kind).toBe("aborted");
		expect(message.content).toEqual([]);
	});

	it("ends with aborted mid-stream and keeps the partial text", async () => {
		const body = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 5 }] });
		const frameSizes = body.split(/(?<=\n\n)/).map((frame) => Buffer.byteLength(frame));
		// The rest waits: the abort comes before any later delta, however slowly the client reads.
		const stallAfterBytes = afterFirst(body, "response.output_text.delta");
		wire.current.enqueue({ body, chunking: frameSizes, stallAfterBytes });
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
		expect(textOf(message)).toBe(LONG_TEXT.slice(0, 5));
	});

	it("ends with timeout when the server stalls right after the headers", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "never" }] }),
			stallAfterBytes: 0,
		});
		const { message } = await collect(testModel(wire.current), undefined, { firstByteTimeoutMs: 200 });
		expect(message.error?.kind).toBe("timeout");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("nothing for 200 ms before the first stream event");
	});

	it("ends with timeout when the server stalls mid-stream, keeping the text so far", async () => {
		const body = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 10 }] });
		const cut = body.indexOf("\n\n", body.indexOf("lazy")) + 2;
		wire.current.enqueue({ body, stallAfterBytes: cut });
		const { message } = await collect(testModel(wire.current), undefined, { idleTimeoutMs: 200 });
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("between two stream events");
		expect(textOf(message)).toContain("lazy");
	});

	it("ends with timeout mid-reasoning and keeps the thinking so far", async () => {
		const body = encodeOpenAIResponsesStream({
			blocks: [
				{ type: "thinking", thinking: "Step one. Step two. Step three.", signature: "enc", deltaSize: 10 },
			],
		});
		wire.current.enqueue({
			body,
			stallAfterBytes: afterFirst(body, "response.reasoning_summary_text.delta"),
		});
		const { message } = await collect(testModel(wire.current), undefined, { idleTimeoutMs: 200 });
		expect(message.error?.kind).toBe("timeout");
		expect(message.content).toEqual([{ type: "thinking", thinking: "Step one. " }]);
	});

	it("counts SSE keep-alive comments as activity, so a silently reasoning model does not time out", async () => {
		const comments = Array.from({ length: 8 }, () => ": keep-alive\n\n");
		const stream = encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "Thought long." }] });
		const created = afterFirst(stream, "response.created");
		wire.current.enqueue({
			body: stream.slice(0, created) + comments.join("") + stream.slice(created),
			chunking: [created, ...comments.map((comment) => comment.length), stream.length],
			chunkDelayMs: 60,
		});
		// 8 comments 60 ms apart on the watchdog's clock: 480 ms of silence between two events.
		const { message } = await onWireClock(60, () =>
			collect(testModel(wire.current), undefined, { firstByteTimeoutMs: 200, idleTimeoutMs: 200 }),
		);
		expect(message.stopReason).toBe("stop");
		expect(textOf(message)).toBe("Thought long.");
	});

	it("reports a terminal response.failed after partial reasoning as an error that keeps the reasoning", async () => {
		wire.current.enqueue({
			body: [
				sseFrame(
					{
						type: "response.output_item.added",
						output_index: 0,
						item: { id: "rs_1", type: "reasoning", summary: [] },
						sequence_number: 0,
					},
					"response.output_item.added",
				),
				sseFrame(
					{
						type: "response.reasoning_summary_text.delta",
						item_id: "rs_1",
						output_index: 0,
						summary_index: 0,
						delta: "Hmm",
						sequence_number: 1,
					},
					"response.reasoning_summary_text.delta",
				),
				sseFrame(
					{
						type: "response.failed",
						response: { id: "r", status: "failed", error: { code: "server_error", message: "boom" } },
						sequence_number: 2,
					},
					"response.failed",
				),
			].join(""),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("error");
		expect(message.error).toMatchObject({ kind: "unknown", code: "server_error" });
		expect(message.content).toEqual([{ type: "thinking", thinking: "Hmm" }]);
	});
});

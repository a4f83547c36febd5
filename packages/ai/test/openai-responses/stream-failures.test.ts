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

function textOf(message: AssistantMessage): string {
	const block = message.content[0];
	return block?.type === "text" ? block.text : "";
}

describe("openai-responses failures inside the stream", () => {
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

describe("openai-responses timeouts and failed responses", () => {
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

import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import type { ErrorKind } from "../../src/types.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const TEXT = [{ type: "text" as const, text: "Sure." }];

function textOf(message: { content: unknown[] }): unknown[] {
	return message.content.map((block) => {
		const { textSignature: _signature, ...rest } = block as { textSignature?: string };
		return rest;
	});
}

describe("openai-responses stop outcomes", () => {
	it("reports an incomplete response with function calls as length, so that none of them runs", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [{ type: "toolCall", id: "call_1|fc_1", name: "write", arguments: '{"path":"a","con' }],
				stop: "max_output_tokens",
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("length");
	});

	it("reports an incomplete response with an unknown or missing reason as length, keeping the reason", async () => {
		const ending = (details: unknown) =>
			sseFrame(
				{
					type: "response.incomplete",
					response: { id: "r", status: "incomplete", incomplete_details: details },
					sequence_number: 0,
				},
				"response.incomplete",
			);
		wire.current.enqueue({ body: ending({ reason: "turn_budget" }) }, { body: ending(null) });
		const first = await collect(testModel(wire.current));
		expect(first.message).toMatchObject({ stopReason: "length", rawStopReason: "turn_budget" });
		const second = await collect(testModel(wire.current));
		expect(second.message).toMatchObject({ stopReason: "length", rawStopReason: "incomplete" });
	});

	it("ends with an invalid_request error on incomplete content_filter, keeping the text and usage", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: TEXT,
				stop: "content_filter",
				usage: { input: 5, output: 1 },
			}),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(events.at(-1)).toMatchObject({ type: "error", reason: "error" });
		expect(message.stopReason).toBe("error");
		expect(message.error).toEqual({ kind: "invalid_request", code: "content_filter" });
		expect(message.errorMessage).toContain("content filter");
		expect(message.rawStopReason).toBe("content_filter");
		expect(textOf(message)).toEqual(TEXT);
		expect(message.usage.input).toBe(5);
	});

	it.each([
		["server_error", "The server had an error while processing your request.", "unknown"],
		["rate_limit_exceeded", "Rate limit reached for gpt-5 on tokens per min (TPM).", "rate_limit"],
		["context_length_exceeded", "Your input exceeds the context window of this model.", "overflow"],
		["invalid_prompt", "Invalid prompt: your prompt was flagged.", "invalid_request"],
		["image_too_large", "The image is too large.", "invalid_request"],
	] as const)(
		"ends a response.failed with code %s as an error of kind %s, keeping the text",
		async (code, text, kind: ErrorKind) => {
			wire.current.enqueue({
				body: encodeOpenAIResponsesStream(
					{ blocks: TEXT, stop: "failed" },
					{ failure: { code, message: text } },
				),
			});
			const { events, message } = await collect(testModel(wire.current));
			expect(events.at(-1)).toMatchObject({ type: "error", reason: "error" });
			expect(message.stopReason).toBe("error");
			expect(message.rawStopReason).toBe("failed");
			expect(message.error).toMatchObject({ kind, code });
			expect(message.errorMessage).toBe(text);
			expect(textOf(message)).toEqual(TEXT);
		},
	);

	it("classifies a response.failed without a code by its overflow wording", async () => {
		wire.current.enqueue({
			body: sseFrame(
				{
					type: "response.failed",
					response: {
						id: "r",
						status: "failed",
						error: { code: null, message: "This model's maximum context length is 272000 tokens." },
					},
					sequence_number: 0,
				},
				"response.failed",
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.error?.kind).toBe("overflow");
	});

	it("ends a cancelled response with an error", async () => {
		wire.current.enqueue({ body: encodeOpenAIResponsesStream({ blocks: TEXT, stop: "cancelled" }) });
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("error");
		expect(message.error).toMatchObject({ kind: "unknown", code: "cancelled" });
		expect(message.rawStopReason).toBe("cancelled");
	});
});

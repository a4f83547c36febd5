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

describe("openai-responses usage", () => {
	it("reports uncached input (input_tokens minus cached_tokens), cache reads, output and cost", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: TEXT,
				usage: { input: 1_000, cacheRead: 3_000, output: 500 },
			}),
		});
		const { message } = await collect(testModel(wire.current));

		const { cost, ...tokens } = message.usage;
		expect(tokens).toEqual({
			input: 1_000,
			output: 500,
			cacheRead: 3_000,
			cacheWrite: 0,
			totalTokens: 4_500,
		});
		expect(cost.input).toBeCloseTo((1_000 * 1.25) / 1e6, 12);
		expect(cost.output).toBeCloseTo((500 * 10) / 1e6, 12);
		expect(cost.cacheRead).toBeCloseTo((3_000 * 0.125) / 1e6, 12);
		expect(cost.cacheWrite).toBe(0);
		expect(cost.total).toBeCloseTo((1_000 * 1.25 + 500 * 10 + 3_000 * 0.125) / 1e6, 12);
	});

	it("subtracts cache_write_tokens from input_tokens and reports them as cacheWrite", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: TEXT,
				usage: { input: 40, cacheRead: 10, cacheWrite: 50, output: 5 },
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.usage).toMatchObject({
			input: 40,
			cacheRead: 10,
			cacheWrite: 50,
			output: 5,
			totalTokens: 105,
		});
	});

	it("keeps the usage of a response that ends incomplete or failed", async () => {
		wire.current.enqueue(
			{
				body: encodeOpenAIResponsesStream({
					blocks: TEXT,
					stop: "max_output_tokens",
					usage: { input: 7, output: 9 },
				}),
			},
			{ body: encodeOpenAIResponsesStream({ blocks: TEXT, stop: "failed", usage: { input: 8, output: 2 } }) },
		);
		expect((await collect(testModel(wire.current))).message.usage).toMatchObject({ input: 7, output: 9 });
		expect((await collect(testModel(wire.current))).message.usage).toMatchObject({ input: 8, output: 2 });
	});

	it("reports zero usage when the terminal event carries none", async () => {
		wire.current.enqueue({
			body: sseFrame(
				{
					type: "response.completed",
					response: { id: "r", status: "completed", usage: null },
					sequence_number: 0,
				},
				"response.completed",
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("stop");
		expect(message.usage).toMatchObject({ input: 0, output: 0, totalTokens: 0 });
	});
});

describe("openai-responses stop outcomes", () => {
	it.each([
		["completed", "stop", "completed"],
		["max_output_tokens", "length", "max_output_tokens"],
		["queued_for_the_future", "stop", "queued_for_the_future"],
	] as const)("maps stop %s to %s and keeps the raw value %s", async (stop, expected, raw) => {
		wire.current.enqueue({ body: encodeOpenAIResponsesStream({ blocks: TEXT, stop }) });
		const { events, message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
		expect(events.at(-1)).toMatchObject({ type: "done", reason: expected });
		expect(textOf(message)).toEqual(TEXT);
	});

	it("reports a completed response with function calls as toolUse", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [{ type: "toolCall", id: "call_1|fc_1", name: "ls", arguments: {} }],
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("completed");
	});

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

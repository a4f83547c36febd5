import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const TEXT = [{ type: "text" as const, text: "Sure." }];

function _textOf(message: { content: unknown[] }): unknown[] {
	return message.content.map((block) => {
		const { textSignature: _signature, ...rest } = block as { textSignature?: string };
		return rest;
	});
}

describe("openai-responses usage", () => {
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

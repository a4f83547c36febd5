import { describe, expect, it } from "vitest";
import { encodeBedrockStream } from "../src/testing/index.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** Stop values the conformance suite does not play (it covers end_turn, max_tokens, tool_use and an unknown one). */
describe("stop reasons Bedrock-specific", () => {
	it.each([
		["stop_sequence", "stop"],
		["model_context_window_exceeded", "length"],
	])("%s ends normally as %s, the raw value kept", async (raw, expected) => {
		wire.server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "Part" }], stop: raw }));
		const { message } = await collect(testModel(wire.server));
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
	});

	it.each([
		["guardrail_intervened", /guardrail/],
		["content_filtered", /content filter/],
		["malformed_model_output", /could not be read/],
		["malformed_tool_use", /could not be read/],
	])(
		"%s ends as an invalid_request error with the raw value as code, the text kept",
		async (raw, wording) => {
			wire.server.enqueue(
				encodeBedrockStream({
					blocks: [{ type: "text", text: "Part of it" }],
					stop: raw,
					usage: { input: 5, output: 2 },
				}),
			);
			const { message, events } = await collect(testModel(wire.server));
			expect(message.stopReason).toBe("error");
			expect(message.error).toEqual({ kind: "invalid_request", code: raw });
			expect(message.errorMessage).toMatch(wording);
			expect(message.rawStopReason).toBe(raw);
			expect(message.content).toEqual([{ type: "text", text: "Part of it" }]);
			expect(message.usage.output).toBe(2);
			expect(events.at(-1)?.type).toBe("error");
		},
	);
});

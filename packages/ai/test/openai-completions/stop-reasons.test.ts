import { describe, expect, it } from "vitest";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const TEXT = [{ type: "text" as const, text: "Sure." }];

describe("openai-completions finish_reason", () => {
	it.each([
		["function_call", "toolUse"],
		["eos", "stop"],
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

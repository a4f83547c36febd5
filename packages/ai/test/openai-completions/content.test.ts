import { describe, expect, it } from "vitest";
import {
	encodeOpenAICompletionsStream,
	openaiChunkFactory,
} from "../../src/testing/wire-server/openai-completions.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

describe("openai-completions content", () => {
	it.each([
		["reasoning_content", undefined],
		["reasoning", undefined],
		["reasoning_text", "reasoning_text"],
	])("reads reasoning streamed in %s as a thinking block before the text", async (field, configured) => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream(
				{
					blocks: [
						{ type: "thinking", thinking: "The user greets me; greet back.", deltaSize: 7 },
						{ type: "text", text: "Hi!" },
					],
				},
				{ reasoningField: field },
			),
		});
		const model = testModel(wire.current, configured ? { compatFlags: { reasoningField: configured } } : {});
		const { events, message } = await collect(model);

		expect(message.content).toEqual([
			{ type: "thinking", thinking: "The user greets me; greet back." },
			{ type: "text", text: "Hi!" },
		]);
		const types = events.map((event) => event.type);
		expect(types.indexOf("thinking_end")).toBeLessThan(types.indexOf("text_start"));
	});

	it("ignores an unconfigured custom reasoning field instead of guessing", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream(
				{
					blocks: [
						{ type: "thinking", thinking: "hidden" },
						{ type: "text", text: "Hi!" },
					],
				},
				{ reasoningField: "reasoning_text" },
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
	});

	it("takes only one reasoning field when a server sends the same text in two", async () => {
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				sseFrame(chunk({ role: "assistant", content: "" })),
				sseFrame(chunk({ reasoning_content: "Think.", reasoning: "Think." })),
				sseFrame(chunk({ content: "Done." })),
				sseFrame(chunk({}, "stop")),
				sseFrame("[DONE]"),
			].join(""),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Think." },
			{ type: "text", text: "Done." },
		]);
	});

	it("opens a new block each time the stream switches between reasoning and text", async () => {
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({
				blocks: [
					{ type: "thinking", thinking: "First thought." },
					{ type: "text", text: "Part one." },
					{ type: "thinking", thinking: "Second thought." },
					{ type: "text", text: "Part two." },
				],
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "First thought." },
			{ type: "text", text: "Part one." },
			{ type: "thinking", thinking: "Second thought." },
			{ type: "text", text: "Part two." },
		]);
	});

	it("assembles several tool calls whose fragments interleave by index", async () => {
		const chunk = openaiChunkFactory({});
		const call = (index: number, fields: Record<string, unknown>) =>
			chunk({ tool_calls: [{ index, ...fields }] });
		wire.current.enqueue({
			body: [
				chunk({ role: "assistant", content: null }),
				call(0, { id: "call_A", type: "function", function: { name: "search", arguments: "" } }),
				call(1, { id: "call_B", type: "function", function: { name: "fetch", arguments: '{"u' } }),
				call(0, { function: { arguments: '{"q":"kes' } }),
				call(2, { id: "call_C", type: "function", function: { name: "search", arguments: "{}" } }),
				call(1, { function: { arguments: 'rl":"https://x.test/a?b=1"}' } }),
				call(0, { function: { arguments: 'trel"}' } }),
				chunk({}, "tool_calls"),
			]
				.map((data) => sseFrame(data))
				.concat(sseFrame("[DONE]"))
				.join(""),
		});
		const { events, message } = await collect(testModel(wire.current));

		expect(message.content).toEqual([
			{ type: "toolCall", id: "call_A", name: "search", arguments: { q: "kestrel" } },
			{ type: "toolCall", id: "call_B", name: "fetch", arguments: { url: "https://x.test/a?b=1" } },
			{ type: "toolCall", id: "call_C", name: "search", arguments: {} },
		]);
		expect(message.stopReason).toBe("toolUse");
		expect(events.filter((event) => event.type === "toolcall_start")).toHaveLength(3);
		expect(events.filter((event) => event.type === "toolcall_end")).toHaveLength(3);
	});

	it("takes an id or name that arrives after a tool call's first chunk, and makes up a missing id", async () => {
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":' } }] }),
				chunk({
					tool_calls: [{ index: 0, id: "call_late", function: { name: "late_tool", arguments: "1}" } }],
				}),
				chunk({ tool_calls: [{ index: 1, type: "function", function: { name: "no_id", arguments: "{}" } }] }),
				chunk({}, "tool_calls"),
			]
				.map((data) => sseFrame(data))
				.concat(sseFrame("[DONE]"))
				.join(""),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([
			{ type: "toolCall", id: "call_late", name: "late_tool", arguments: { a: 1 } },
			{ type: "toolCall", id: "call_1", name: "no_id", arguments: {} },
		]);
	});

	it("reads a refusal as the answer's text", async () => {
		const chunk = openaiChunkFactory({});
		wire.current.enqueue({
			body: [
				sseFrame(chunk({ role: "assistant", content: null, refusal: "" })),
				sseFrame(chunk({ refusal: "I can't help with that." })),
				sseFrame(chunk({}, "stop")),
				sseFrame("[DONE]"),
			].join(""),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([{ type: "text", text: "I can't help with that." }]);
	});
});

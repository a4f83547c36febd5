import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** A hand-written stream: each event gets its `event:` line and a sequence number. */
function frames(...events: Record<string, unknown>[]): string {
	return events
		.map((event, index) => sseFrame({ ...event, sequence_number: index }, String(event.type)))
		.join("");
}

const COMPLETED = { type: "response.completed", response: { id: "resp_x", status: "completed" } };
const ENCRYPTED = "gAAAAABo+k3Zq/7Xv0Jd==Q1x-_9Lm0Ht8fW2pN4sY6uE3rT5yV7iO9aB1cD";

describe("openai-responses content", () => {
	it("keeps the output message's item id as the text block's textSignature", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				id: "resp_text1",
				blocks: [{ type: "text", text: "Hello there, friend.", deltaSize: 6 }],
			}),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([
			{ type: "text", text: "Hello there, friend.", textSignature: "msg_wire0068a1c3e5f7b9d0e2a4c6e8f0" },
		]);
	});
	it("reads a reasoning item as a thinking block: summary parts as paragraphs, the item as its signature", async () => {
		const body = encodeOpenAIResponsesStream({
			blocks: [
				{
					type: "thinking",
					thinking: "**Greeting**\n\nThe user says hi; I’ll greet back 😀.",
					signature: ENCRYPTED,
					deltaSize: 7,
				},
				{ type: "text", text: "Hi!" },
			],
		});
		wire.current.enqueue({ body });
		const { events, message } = await collect(testModel(wire.current));

		const [thinking, text] = message.content;
		expect(thinking).toMatchObject({
			type: "thinking",
			thinking: "**Greeting**\n\nThe user says hi; I’ll greet back 😀.",
		});
		expect(text).toMatchObject({ type: "text", text: "Hi!" });
		const sentItem = body
			.split("\n\n")
			.map((frame) => frame.split("\ndata: ")[1])
			.filter((data): data is string => data !== undefined)
			.map((data) => JSON.parse(data) as { type: string; item?: { type: string } })
			.find((event) => event.type === "response.output_item.done" && event.item?.type === "reasoning")?.item;
		const signature = thinking?.type === "thinking" ? thinking.thinkingSignature : undefined;
		expect(JSON.parse(signature ?? "null")).toEqual(sentItem);
		expect(JSON.parse(signature ?? "null").encrypted_content).toBe(ENCRYPTED);
		expect(signature).toBe(JSON.stringify(sentItem));
		const types = events.map((event) => event.type);
		expect(types.indexOf("thinking_end")).toBeLessThan(types.indexOf("text_start"));
	});

	it("keeps a reasoning item without summary as an empty thinking block carrying the encrypted content", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [
					{ type: "redacted_thinking", data: ENCRYPTED },
					{ type: "text", text: "Done." },
				],
			}),
		});
		const { message } = await collect(testModel(wire.current));
		const thinking = message.content[0];
		expect(thinking?.type === "thinking" && thinking.thinking).toBe("");
		expect(thinking?.type === "thinking" && JSON.parse(thinking.thinkingSignature ?? "{}")).toEqual({
			id: "rs_wire0068a1c3e5f7b9d0e2a4c6e8f0",
			type: "reasoning",
			summary: [],
			encrypted_content: ENCRYPTED,
		});
	});

	it("reads raw reasoning text (reasoning_text deltas, as open-weight models send) as thinking", async () => {
		const item = { id: "rs_1", type: "reasoning", summary: [] };
		wire.current.enqueue({
			body: frames(
				{ type: "response.output_item.added", output_index: 0, item },
				{
					type: "response.reasoning_text.delta",
					item_id: "rs_1",
					output_index: 0,
					content_index: 0,
					delta: "Think ",
				},
				{
					type: "response.reasoning_text.delta",
					item_id: "rs_1",
					output_index: 0,
					content_index: 0,
					delta: "hard.",
				},
				{
					type: "response.output_item.done",
					output_index: 0,
					item: { ...item, content: [{ type: "reasoning_text", text: "Think hard." }] },
				},
				COMPLETED,
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toMatchObject([{ type: "thinking", thinking: "Think hard." }]);
	});

	it("keeps a call whose arguments are not JSON with an argumentsError and the raw text", async () => {
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({
				blocks: [{ type: "toolCall", id: "call_bad|fc_bad", name: "run", arguments: '{"cmd": ls -la}' }],
			}),
		});
		const { message } = await collect(testModel(wire.current));
		const call = message.content[0];
		expect(call?.type === "toolCall" && call.arguments).toEqual({});
		expect(call?.type === "toolCall" && call.argumentsError?.raw).toBe('{"cmd": ls -la}');
	});

	it("takes content that a compatible server sends only in done events and finished items", async () => {
		wire.current.enqueue({
			body: frames(
				{ type: "response.created", response: { id: "resp_compat", status: "in_progress" } },
				{
					type: "response.output_text.done",
					item_id: "msg_1",
					output_index: 0,
					content_index: 0,
					text: "Plain.",
				},
				{
					type: "response.output_item.done",
					output_index: 1,
					item: { id: "rs_2", type: "reasoning", summary: [{ type: "summary_text", text: "Why." }] },
				},
				{
					type: "response.output_item.done",
					output_index: 2,
					item: {
						type: "function_call",
						id: "fc_3",
						call_id: "call_3",
						name: "ls",
						arguments: '{"dir":"."}',
					},
				},
				COMPLETED,
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.responseId).toBe("resp_x");
		expect(message.content).toMatchObject([
			{ type: "text", text: "Plain.", textSignature: "msg_1" },
			{ type: "thinking", thinking: "Why." },
			{ type: "toolCall", id: "call_3|fc_3", name: "ls", arguments: { dir: "." } },
		]);
	});

	it("uses call_id alone as the id when the server sends no item id", async () => {
		const item = { type: "function_call", call_id: "call_only", name: "ls", arguments: "" };
		wire.current.enqueue({
			body: frames(
				{ type: "response.output_item.added", output_index: 0, item },
				{ type: "response.function_call_arguments.delta", output_index: 0, delta: "{}" },
				{ type: "response.output_item.done", output_index: 0, item: { ...item, arguments: "{}" } },
				COMPLETED,
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([{ type: "toolCall", id: "call_only", name: "ls", arguments: {} }]);
	});

	it("reads a refusal as the answer's text", async () => {
		const item = { id: "msg_r", type: "message", status: "in_progress", role: "assistant", content: [] };
		wire.current.enqueue({
			body: frames(
				{ type: "response.output_item.added", output_index: 0, item },
				{
					type: "response.refusal.delta",
					item_id: "msg_r",
					output_index: 0,
					content_index: 0,
					delta: "I can't ",
				},
				{
					type: "response.refusal.delta",
					item_id: "msg_r",
					output_index: 0,
					content_index: 0,
					delta: "help.",
				},
				{
					type: "response.output_item.done",
					output_index: 0,
					item: { ...item, status: "completed", content: [{ type: "refusal", refusal: "I can't help." }] },
				},
				COMPLETED,
			),
		});
		const { message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([{ type: "text", text: "I can't help.", textSignature: "msg_r" }]);
	});

	it("ignores event types and output items it does not know", async () => {
		const search = { id: "ws_1", type: "web_search_call", status: "completed", action: { type: "search" } };
		wire.current.enqueue({
			body: frames(
				{ type: "response.created", response: { id: "resp_u", status: "in_progress" } },
				{ type: "response.output_item.added", output_index: 0, item: search },
				{ type: "response.web_search_call.completed", item_id: "ws_1", output_index: 0 },
				{ type: "response.output_item.done", output_index: 0, item: search },
				{ type: "response.something_new", whatever: [1, 2, 3] },
				{
					type: "response.output_text.delta",
					item_id: "msg_2",
					output_index: 1,
					content_index: 0,
					delta: "Found.",
				},
				{ type: "response.output_text.annotation.added", item_id: "msg_2", output_index: 1, annotation: {} },
				COMPLETED,
			),
		});
		const { events, message } = await collect(testModel(wire.current));
		expect(message.content).toEqual([{ type: "text", text: "Found.", textSignature: "msg_2" }]);
		expect(events.at(-1)?.type).toBe("done");
	});
});

import { describe, expect, it } from "vitest";
import { mapToolCallId, OPENAI_RESPONSES_TOOL_CALL_IDS } from "../../src/replay/tool-call-ids.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { Message, Model } from "../../src/types.js";
import {
	assistantTurn,
	collect,
	inputSentFor,
	OWN_ENCRYPTED,
	OWN_TURN,
	testModel,
	toolResult,
	userText,
	useWireServer,
} from "./fixtures.js";

const wire = useWireServer();

const ENCRYPTED = OWN_ENCRYPTED;

const sentInput = (model: Model<"openai-responses">, messages: Message[]) =>
	inputSentFor(wire.current, model, messages);
const user = userText;
const result = toolResult;

/** The events of an encoded stream, parsed. */
function wireEvents(body: string): { type: string; item?: Record<string, unknown> }[] {
	return body
		.split("\n\n")
		.map((frame) => frame.split("\ndata: ")[1])
		.filter((data): data is string => data !== undefined)
		.map((data) => JSON.parse(data));
}

function doneItems(body: string): Record<string, unknown>[] {
	return wireEvents(body)
		.filter((event) => event.type === "response.output_item.done")
		.map((event) => event.item ?? {});
}

describe("openai-responses history replay", () => {
	it("replays its own streamed turn exactly: reasoning item, message id, function call ids, then the outputs", async () => {
		const summary = "Emoji 😀, ’quotes’ and a lone \udc00 surrogate\n\nSecond part.";
		const stream = encodeOpenAIResponsesStream({
			blocks: [
				{ type: "thinking", thinking: summary, signature: ENCRYPTED, deltaSize: 5 },
				{ type: "text", text: "Let me check 😀." },
				{
					type: "toolCall",
					id: "call_A|fc_A",
					name: "search",
					arguments: { q: "kestrel ’😀" },
					deltaSize: 4,
				},
				{ type: "toolCall", id: "call_B|fc_B", name: "shot", arguments: { url: "https://x.test" } },
			],
		});
		wire.current.enqueue({ body: stream });
		const first = await collect(testModel(wire.current));
		expect(first.message.stopReason).toBe("toolUse");
		const [reasoningItem, messageItem] = doneItems(stream);

		const input = await sentInput(testModel(wire.current), [
			user("Find it"),
			first.message,
			result("call_A|fc_A", [{ type: "text", text: "found" }]),
			result("call_B|fc_B", [{ type: "image", data: "QUJD", mimeType: "image/png" }], "shot"),
			user("Thanks", 6),
		]);

		expect(input).toEqual([
			{ role: "user", content: [{ type: "input_text", text: "Find it" }] },
			reasoningItem,
			{
				type: "message",
				role: "assistant",
				content: [{ type: "output_text", text: "Let me check 😀.", annotations: [] }],
				status: "completed",
				id: messageItem?.id,
			},
			{
				type: "function_call",
				call_id: "call_A",
				name: "search",
				arguments: '{"q":"kestrel ’😀"}',
				id: "fc_A",
			},
			{
				type: "function_call",
				call_id: "call_B",
				name: "shot",
				arguments: '{"url":"https://x.test"}',
				id: "fc_B",
			},
			{ type: "function_call_output", call_id: "call_A", output: "found" },
			{
				type: "function_call_output",
				call_id: "call_B",
				output: "(the tool returned images; they follow in the next user message)",
			},
			{
				role: "user",
				content: [
					{ type: "input_text", text: "Images returned by the tool shot (call call_B):" },
					{ type: "input_image", detail: "auto", image_url: "data:image/png;base64,QUJD" },
				],
			},
			{ role: "user", content: [{ type: "input_text", text: "Thanks" }] },
		]);
		// Byte for byte: the replayed reasoning item serialises exactly as the server sent it.
		expect(JSON.stringify((input as unknown[])[1])).toBe(JSON.stringify(reasoningItem));
		expect(((input as unknown[])[1] as { summary: { text: string }[] }).summary[0]?.text).toBe(
			"Emoji 😀, ’quotes’ and a lone \udc00 surrogate",
		);
	});

	it("drops reasoning and item ids of a turn made by another model, mapping its call_id|item_id id to a call_id", async () => {
		const other = { ...OWN_TURN, model: "gpt-5-mini" };
		const input = await sentInput(testModel(wire.current), [
			user("Find it"),
			other,
			result("call_1|fc_own", [{ type: "text", text: "found" }]),
		]);
		const callId = mapToolCallId("call_1|fc_own", OPENAI_RESPONSES_TOOL_CALL_IDS);
		expect(callId).toMatch(/^call_1_fc_own_[A-Za-z0-9]{12}$/);
		expect(input.slice(1)).toEqual([
			{
				type: "message",
				role: "assistant",
				content: [{ type: "output_text", text: "Searching.", annotations: [] }],
				status: "completed",
			},
			{ type: "function_call", call_id: callId, name: "search", arguments: '{"q":"kestrel"}' },
			{ type: "function_call_output", call_id: callId, output: "found" },
		]);
	});

	it("answers an id from another API (no item id) with the whole id as call_id", async () => {
		const claude = assistantTurn(
			[
				{ type: "thinking", thinking: "Claude thinks.", thinkingSignature: "EqQBCkYIBxgCKkD" },
				{ type: "toolCall", id: "toolu_01A09q90qw90lq917835lq9", name: "ls", arguments: {} },
			],
			{ api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", stopReason: "toolUse" },
		);
		const input = await sentInput(testModel(wire.current), [
			user("List"),
			claude,
			result("toolu_01A09q90qw90lq917835lq9", [{ type: "text", text: "a.ts" }], "ls"),
		]);
		expect(input.slice(1)).toEqual([
			{ type: "function_call", call_id: "toolu_01A09q90qw90lq917835lq9", name: "ls", arguments: "{}" },
			{ type: "function_call_output", call_id: "toolu_01A09q90qw90lq917835lq9", output: "a.ts" },
		]);
	});

	it.each([
		["no signature (an interrupted reasoning item)", undefined],
		["a signature without encrypted_content", JSON.stringify({ id: "rs_x", type: "reasoning", summary: [] })],
		["a signature that is not JSON", "not-json"],
	])("drops own reasoning with %s, and the item ids that would need it", async (_case, signature) => {
		const turn = assistantTurn(
			[
				{
					type: "thinking",
					thinking: "Half a thought",
					...(signature ? { thinkingSignature: signature } : {}),
				},
				{ type: "text", text: "Answer.", textSignature: "msg_1" },
				{ type: "toolCall", id: "call_9|fc_9", name: "ls", arguments: {} },
			],
			{ stopReason: "toolUse" },
		);
		const input = await sentInput(testModel(wire.current), [user("Go"), turn, result("call_9|fc_9", [])]);
		expect(input.slice(1)).toEqual([
			{
				type: "message",
				role: "assistant",
				content: [{ type: "output_text", text: "Answer.", annotations: [] }],
				status: "completed",
			},
			{ type: "function_call", call_id: "call_9", name: "ls", arguments: "{}" },
			{ type: "function_call_output", call_id: "call_9", output: "" },
		]);
	});
});

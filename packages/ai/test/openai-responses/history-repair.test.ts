import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { Context, Message, Model } from "../../src/types.js";
import {
	assistantTurn,
	collect,
	inputSentFor,
	OWN_TURN,
	requestBody,
	testModel,
	toolResult,
	userText,
	useWireServer,
} from "./fixtures.js";

/**
 * The shared replay rules as they come out in the Responses format: errored turns
 * skipped, every call answered, strays dropped, images noted, the whole history sent.
 */
const wire = useWireServer();

const sentInput = (model: Model<"openai-responses">, messages: Message[]) =>
	inputSentFor(wire.current, model, messages);
const user = userText;
const result = toolResult;

describe("openai-responses: repairing history", () => {
	it("skips errored and aborted turns together with the tool results that answer them", async () => {
		const aborted = assistantTurn(
			[
				{ type: "text", text: "half" },
				{ type: "toolCall", id: "call_x|fc_x", name: "ls", arguments: {} },
			],
			{ stopReason: "aborted" },
		);
		const errored = assistantTurn([{ type: "text", text: "broken" }], { stopReason: "error" });
		const input = await sentInput(testModel(wire.current), [
			user("One"),
			aborted,
			result("call_x|fc_x", [{ type: "text", text: "cancelled" }]),
			errored,
			user("Two", 7),
		]);
		expect(input).toEqual([
			{ role: "user", content: [{ type: "input_text", text: "One" }] },
			{ role: "user", content: [{ type: "input_text", text: "Two" }] },
		]);
	});

	it("answers a call left without a result with a synthetic output, and drops a result that answers nothing", async () => {
		const input = await sentInput(testModel(wire.current), [
			user("Find it"),
			OWN_TURN,
			result("call_stray", [{ type: "text", text: "nobody asked" }]),
			user("Never mind", 6),
		]);
		expect(input.slice(4)).toEqual([
			{
				type: "function_call_output",
				call_id: "call_1",
				output: "The search tool call got no result: the turn ended before it ran.",
			},
			{ role: "user", content: [{ type: "input_text", text: "Never mind" }] },
		]);
		expect(input.filter((item) => (item as { type?: string }).type === "function_call_output")).toHaveLength(
			1,
		);
	});

	it("sends user images as input_image, and a note instead of them to a text-only model", async () => {
		const messages: Message[] = [
			{
				role: "user",
				content: [
					{ type: "text", text: "Look:" },
					{ type: "image", data: "AAAA", mimeType: "image/png" },
				],
				timestamp: 1,
			},
		];
		expect(await sentInput(testModel(wire.current), messages)).toEqual([
			{
				role: "user",
				content: [
					{ type: "input_text", text: "Look:" },
					{ type: "input_image", detail: "auto", image_url: "data:image/png;base64,AAAA" },
				],
			},
		]);
		const textOnly = testModel(wire.current, { id: "gpt-oss-120b", input: ["text"] });
		expect(await sentInput(textOnly, messages)).toEqual([
			{
				role: "user",
				content: [
					{ type: "input_text", text: "Look:" },
					{
						type: "input_text",
						text: "(an image of type image/png was omitted: gpt-oss-120b reads text only)",
					},
				],
			},
		]);
	});

	it("sends the whole history every time, with no previous_response_id", async () => {
		const context: Context = { messages: [user("Find it"), OWN_TURN, result("call_1|fc_own", [])] };
		wire.current.enqueue({ body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "ok" }] }) });
		await collect(testModel(wire.current), context);
		const body = requestBody(wire.current);
		expect(body).not.toHaveProperty("previous_response_id");
		expect(body.store).toBe(false);
		expect((body.input as unknown[]).length).toBe(5);
	});
});

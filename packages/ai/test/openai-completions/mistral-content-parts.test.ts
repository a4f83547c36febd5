import { describe, expect, it } from "vitest";
import {
	encodeOpenAICompletionsStream,
	openaiChunkFactory,
} from "../../src/testing/wire-server/openai-completions.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import type { AssistantMessage, Context, Model } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { collect, requestBody, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** A Mistral reasoning model on the wire server (Mistral's provider, so Mistral's rules). */
function mistralModel(overrides: Partial<Model<"openai-completions">> = {}): Model<"openai-completions"> {
	return testModel(wire.current, {
		id: "magistral-medium-2509",
		provider: "mistral",
		reasoning: true,
		compatFlags: { maxTokensField: "max_tokens", supportsStore: false, toolCallIdFormat: "mistral" },
		...overrides,
	});
}

const chunk = openaiChunkFactory({ id: "b2c4e6a8d0f2", model: "magistral-medium-2509" });

function thinkingPart(text: string) {
	return { type: "thinking", thinking: [{ type: "text", text }] };
}

function textPart(text: string) {
	return { type: "text", text };
}

/** An SSE body from chunk deltas, ended with `finish_reason` and `[DONE]`. */
function streamOf(deltas: Record<string, unknown>[], finish = "stop"): string {
	const frames = deltas.map((delta) => sseFrame(chunk(delta)));
	frames.push(
		sseFrame({ ...chunk({ content: "" }, finish), usage: { prompt_tokens: 12, completion_tokens: 30 } }),
	);
	frames.push(sseFrame("[DONE]"));
	return frames.join("");
}

describe("openai-completions: Mistral's content parts", () => {
	it("maps thinking parts to a thinking block and text parts to the answer", async () => {
		wire.current.enqueue({
			body: streamOf([
				{ role: "assistant", content: [thinkingPart("Two plus two")] },
				{ content: [thinkingPart(" is four.")] },
				{ content: [textPart("2 + 2 = ")] },
				{ content: [textPart("4")] },
			]),
		});
		const { events, message } = await collect(mistralModel());

		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Two plus two is four." },
			{ type: "text", text: "2 + 2 = 4" },
		]);
		expect(events.map((event) => event.type)).toEqual([
			"start",
			"thinking_start",
			"thinking_delta",
			"thinking_delta",
			"thinking_end",
			"text_start",
			"text_delta",
			"text_delta",
			"text_end",
			"done",
		]);
		expect(message.usage).toMatchObject({ input: 12, output: 30 });
	});

	it("keeps the order when parts and plain strings mix, and one chunk ends the reasoning and starts the answer", async () => {
		wire.current.enqueue({
			body: streamOf([
				{ role: "assistant", content: "" },
				{ content: [thinkingPart("First I check the units.")] },
				// The turn from reasoning to answer inside one chunk.
				{ content: [thinkingPart(" Metres."), textPart("It is ")] },
				// After the reasoning the answer may continue as plain strings.
				{ content: "12 m" },
				{ content: [textPart(" long.")] },
			]),
		});
		const { events, message } = await collect(mistralModel());

		expect(message.content).toEqual([
			{ type: "thinking", thinking: "First I check the units. Metres." },
			{ type: "text", text: "It is 12 m long." },
		]);
		const deltas = events.flatMap((event) =>
			event.type === "thinking_delta" || event.type === "text_delta" ? [`${event.type}:${event.delta}`] : [],
		);
		expect(deltas).toEqual([
			"thinking_delta:First I check the units.",
			"thinking_delta: Metres.",
			"text_delta:It is ",
			"text_delta:12 m",
			"text_delta: long.",
		]);
	});

	it("opens a new thinking block when the model reasons again after some answer text", async () => {
		wire.current.enqueue({
			body: streamOf([
				{ content: [thinkingPart("Plan.")] },
				{ content: "Step one. " },
				{ content: [thinkingPart("Check step one.")] },
				{ content: [textPart("Done.")] },
			]),
		});
		const { message } = await collect(mistralModel());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Plan." },
			{ type: "text", text: "Step one. " },
			{ type: "thinking", thinking: "Check step one." },
			{ type: "text", text: "Done." },
		]);
	});

	it("skips parts that carry no text (references, empty parts) without failing", async () => {
		wire.current.enqueue({
			body: streamOf([
				{ content: [{ type: "thinking", thinking: [{ type: "reference", reference_ids: [1] }] }] },
				{ content: [thinkingPart("Looked it up.")] },
				{ content: [{ type: "reference", reference_ids: [1, 2] }, textPart(""), textPart("Oslo.")] },
			]),
		});
		const { message } = await collect(mistralModel());
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Looked it up." },
			{ type: "text", text: "Oslo." },
		]);
	});

	it("streams a tool call after reasoning parts", async () => {
		wire.current.enqueue({
			body: streamOf(
				[
					{ content: [thinkingPart("I need the weather.")] },
					{
						content: null,
						tool_calls: [{ id: "gSIMJiOkT", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
					},
				],
				"tool_calls",
			),
		});
		const { message } = await collect(mistralModel());
		expect(message.stopReason).toBe("toolUse");
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "I need the weather." },
			{ type: "toolCall", id: "gSIMJiOkT", name: "weather", arguments: { city: "Oslo" } },
		]);
	});
});

function ownTurn(model: Model, content: AssistantMessage["content"]): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: zeroUsage(),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 2,
	};
}

async function sentMessages(model: Model<"openai-completions">, context: Context): Promise<unknown[]> {
	wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const { message } = await collect(model, context);
	expect(message.stopReason).toBe("stop");
	return requestBody(wire.current).messages as unknown[];
}

describe("openai-completions: replaying reasoning to Mistral", () => {
	it("sends the model's own reasoning back as thinking parts, in block order, next to its tool calls", async () => {
		const model = mistralModel();
		const context: Context = {
			messages: [
				{ role: "user", content: "Weather in Oslo?", timestamp: 1 },
				ownTurn(model, [
					{ type: "thinking", thinking: "I need the weather." },
					{ type: "text", text: "Let me check." },
					{ type: "toolCall", id: "gSIMJiOkT", name: "weather", arguments: { city: "Oslo" } },
				]),
				{
					role: "toolResult",
					toolCallId: "gSIMJiOkT",
					toolName: "weather",
					content: [{ type: "text", text: "12 °C" }],
					isError: false,
					timestamp: 3,
				},
				ownTurn(model, [
					{ type: "thinking", thinking: "Report it." },
					{ type: "text", text: "It is " },
					{ type: "text", text: "12 °C." },
				]),
				{ role: "user", content: "Thanks", timestamp: 5 },
			],
		};
		const messages = await sentMessages(model, context);

		expect(messages).toEqual([
			{ role: "user", content: "Weather in Oslo?" },
			{
				role: "assistant",
				content: [
					{ type: "thinking", thinking: [{ type: "text", text: "I need the weather." }] },
					{ type: "text", text: "Let me check." },
				],
				tool_calls: [
					{ id: "gSIMJiOkT", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } },
				],
			},
			{ role: "tool", tool_call_id: "gSIMJiOkT", content: "12 °C" },
			{
				role: "assistant",
				content: [
					{ type: "thinking", thinking: [{ type: "text", text: "Report it." }] },
					{ type: "text", text: "It is 12 °C." },
				],
			},
			{ role: "user", content: "Thanks" },
		]);
	});

	it("keeps a turn that only reasoned, so that two user messages never follow each other", async () => {
		const model = mistralModel();
		const messages = await sentMessages(model, {
			messages: [
				{ role: "user", content: "Think about it.", timestamp: 1 },
				ownTurn(model, [{ type: "thinking", thinking: "Hmm." }]),
				{ role: "user", content: "And?", timestamp: 3 },
			],
		});
		expect(messages).toEqual([
			{ role: "user", content: "Think about it." },
			{ role: "assistant", content: [{ type: "thinking", thinking: [{ type: "text", text: "Hmm." }] }] },
			{ role: "user", content: "And?" },
		]);
	});

	it("drops another model's reasoning, signed or not, and never sends it as text", async () => {
		const model = mistralModel();
		const claude = {
			...model,
			api: "anthropic-messages",
			provider: "anthropic",
			id: "claude-sonnet-5-5",
		} as Model;
		const otherMistral = { ...model, id: "mistral-medium-3.5" } as Model;
		const messages = await sentMessages(model, {
			messages: [
				{ role: "user", content: "Hi", timestamp: 1 },
				ownTurn(claude, [
					{ type: "thinking", thinking: "Claude's plan.", thinkingSignature: "c2lnbmF0dXJl" },
					{ type: "text", text: "Hello from Claude." },
				]),
				{ role: "user", content: "Again", timestamp: 3 },
				ownTurn(otherMistral, [
					{ type: "thinking", thinking: "Another model's plan." },
					{ type: "text", text: "Hello again." },
				]),
				{ role: "user", content: "Bye", timestamp: 5 },
			],
		});
		expect(messages).toEqual([
			{ role: "user", content: "Hi" },
			{ role: "assistant", content: "Hello from Claude." },
			{ role: "user", content: "Again" },
			{ role: "assistant", content: "Hello again." },
			{ role: "user", content: "Bye" },
		]);
		expect(JSON.stringify(messages)).not.toContain("plan");
	});

	it("replays a streamed Mistral answer as the parts it arrived in", async () => {
		const model = mistralModel();
		wire.current.enqueue({
			body: streamOf([{ content: [thinkingPart("Short one.")] }, { content: [textPart("Yes.")] }]),
		});
		const first = await collect(model);
		const messages = await sentMessages(model, {
			messages: [
				{ role: "user", content: "Is it?", timestamp: 1 },
				first.message,
				{ role: "user", content: "Sure?", timestamp: 3 },
			],
		});
		expect(messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "thinking", thinking: [{ type: "text", text: "Short one." }] },
				{ type: "text", text: "Yes." },
			],
		});
	});

	it("leaves other chat-completions servers as they were: own reasoning is not sent, the content is a string", async () => {
		const model = testModel(wire.current, { id: "deepseek-reasoner", provider: "deepseek", reasoning: true });
		const messages = await sentMessages(model, {
			messages: [
				{ role: "user", content: "Hi", timestamp: 1 },
				ownTurn(model, [
					{ type: "thinking", thinking: "Greet back." },
					{ type: "text", text: "Hello." },
				]),
				{ role: "user", content: "Bye", timestamp: 3 },
			],
		});
		expect(messages[1]).toEqual({ role: "assistant", content: "Hello." });
	});
});

import { describe, expect, it } from "vitest";
import { defineModel } from "../../src/models/define-model.js";
import { splitPoints } from "../../src/testing/conformance/frames.js";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import type { ScriptBlock } from "../../src/testing/wire-server/script.js";
import type { Chunking } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage, Context, Model, OpenAICompletionsCompat } from "../../src/types.js";
import { collect, comparable, requestBody, userContext, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/**
 * A DeepSeek-R1 distill on a local server without a reasoning parser: the reasoning comes
 * inside `content`. `defineModel` gives it the compat flags of the provider (Ollama) plus ours.
 */
function r1Model(flags: OpenAICompletionsCompat = { thinkTags: "leading" }): Model {
	return defineModel({
		provider: "ollama",
		baseUrl: `${wire.current.url}/v1`,
		id: "deepseek-r1:8b",
		reasoning: true,
		contextWindow: 131_072,
		compat: { "openai-completions": flags },
	});
}

/** Such a server's stream: plain content deltas whose text holds the tags, cut anywhere. */
function contentBlock(text: string, deltaSize = 5): ScriptBlock {
	return { type: "text", text, deltaSize };
}

const R1_CONTENT = "<think>\nThe user greets me; greet back.\n</think>\n\nHello! 😀 How can I help?";

async function play(body: string, model: Model = r1Model(), context?: Context, chunking?: Chunking) {
	wire.current.enqueue({ body, ...(chunking !== undefined && { chunking }) });
	return collect(model as Model<"openai-completions">, context, {});
}

describe("openai-completions with thinkTags", () => {
	it("streams a leading <think> block as a thinking block before the text, tags split across deltas", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [contentBlock(R1_CONTENT, 3)],
			usage: { input: 20, output: 30 },
		});
		const { events, message } = await play(body);

		expect(message.content).toEqual([
			{ type: "thinking", thinking: "The user greets me; greet back." },
			{ type: "text", text: "Hello! 😀 How can I help?" },
		]);
		expect(message.stopReason).toBe("stop");
		expect(message.usage).toMatchObject({ input: 20, output: 30 });
		const types = events.map((event) => event.type);
		expect(types[0]).toBe("start");
		expect(types.indexOf("thinking_end")).toBeLessThan(types.indexOf("text_start"));
		expect(types.filter((type) => type === "thinking_delta").length).toBeGreaterThan(5);
		expect(types.at(-1)).toBe("done");
	});

	it("leaves the tags in the text when the flag is not set", async () => {
		const body = encodeOpenAICompletionsStream({ blocks: [contentBlock(R1_CONTENT)] });
		const { message } = await play(body, r1Model({}));
		expect(message.content).toEqual([{ type: "text", text: R1_CONTENT }]);
	});

	it("reads content that starts inside the reasoning with prefilled", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [contentBlock("Okay, a greeting.\n</think>\n\nHi there.", 4)],
		});
		const { message } = await play(body, r1Model({ thinkTags: "prefilled" }));
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Okay, a greeting." },
			{ type: "text", text: "Hi there." },
		]);
	});

	it("puts the reasoning before a tool call and ends with toolUse", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [
				contentBlock("<think>\nI need the file first.\n</think>\n\n"),
				{ type: "toolCall", id: "call_r1", name: "read", arguments: { path: "a.ts" }, deltaSize: 4 },
			],
		});
		const { message } = await play(body);
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "I need the file first." },
			{ type: "toolCall", id: "call_r1", name: "read", arguments: { path: "a.ts" } },
		]);
		expect(message.stopReason).toBe("toolUse");
	});

	it("keeps the reasoning that arrived when the stream fails inside the block", async () => {
		const body = encodeOpenAICompletionsStream({
			blocks: [contentBlock("<think>\nPartial plan")],
			error: { type: "server_error", message: "The server had an error while processing your request." },
		});
		const { events, message } = await play(body);
		expect(message.stopReason).toBe("error");
		expect(message.content).toEqual([{ type: "thinking", thinking: "Partial plan" }]);
		expect(events.filter((event) => event.type === "error")).toHaveLength(1);
	});

	// Every split of the content itself is covered by think-tags-splitter.test.ts; through HTTP
	// the body is split where the conformance suite splits bodies.
	it("gives the same final message for 2-piece splits of the HTTP body and for 1-byte chunks", async () => {
		const small = encodeOpenAICompletionsStream({
			id: "c1",
			model: "m",
			blocks: [contentBlock("\n<think>\nPlan’😀\n</think>\n\nDone 😀.", 4)],
			usage: { input: 3, output: 5 },
		});
		const reference = (await play(small)).message;
		expect(reference.content).toEqual([
			{ type: "thinking", thinking: "Plan’😀" },
			{ type: "text", text: "Done 😀." },
		]);
		const expected = comparable(reference);
		const total = Buffer.byteLength(small, "utf8");
		for (const first of splitPoints(new TextEncoder().encode(small))) {
			const { message } = await play(small, r1Model(), undefined, [first, total - first]);
			expect(comparable(message), `split at byte ${first}`).toEqual(expected);
		}
		expect(comparable((await play(small, r1Model(), undefined, 1)).message)).toEqual(expected);
	}, 120_000);

	it("sends the same request body with and without the flag, and no reasoning back in the history", async () => {
		const first = await play(encodeOpenAICompletionsStream({ blocks: [contentBlock(R1_CONTENT)] }));
		const withFlag = requestBody(wire.current);
		await play(encodeOpenAICompletionsStream({ blocks: [contentBlock("ok")] }), r1Model({}));
		expect(requestBody(wire.current)).toEqual(withFlag);

		const history = userContext("Hi");
		history.messages.push(first.message as AssistantMessage, {
			role: "user",
			content: "And now?",
			timestamp: 3,
		});
		await play(encodeOpenAICompletionsStream({ blocks: [contentBlock("ok")] }), r1Model(), history);
		expect(requestBody(wire.current).messages).toEqual([
			{ role: "user", content: "Hi" },
			{ role: "assistant", content: "Hello! 😀 How can I help?" },
			{ role: "user", content: "And now?" },
		]);
	});
});

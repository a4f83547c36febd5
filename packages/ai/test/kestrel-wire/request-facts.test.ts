import { describe, expect, it } from "vitest";
import { requestFacts } from "../../src/testing/kestrel-wire/request-facts.js";

describe("requestFacts", () => {
	it("reads the anthropic-messages tail: the prompt, or the tool results after the model's turn", () => {
		const prompt = { role: "user", content: [{ type: "text", text: "List the files" }] };
		const call = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "ls", input: {} }] };
		const results = {
			role: "user",
			content: [
				{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "a.txt\nb.txt" }] },
			],
		};
		expect(requestFacts("anthropic-messages", { messages: [prompt] }, 1)).toEqual({
			turn: 1,
			userText: "List the files",
		});
		expect(requestFacts("anthropic-messages", { messages: [prompt, call, results] }, 2)).toEqual({
			turn: 2,
			toolResultText: "a.txt\nb.txt",
		});
		expect(requestFacts("anthropic-messages", { messages: [{ role: "user", content: "plain" }] }, 1)).toEqual(
			{
				turn: 1,
				userText: "plain",
			},
		);
	});

	it("reads the openai-completions tail and leaves the system prompt out", () => {
		const body = {
			messages: [
				{ role: "system", content: "You are terse." },
				{ role: "user", content: "Read it" },
				{ role: "assistant", content: null, tool_calls: [{ id: "c1" }] },
				{ role: "tool", tool_call_id: "c1", content: "first" },
				{ role: "tool", tool_call_id: "c2", content: [{ type: "text", text: "second" }] },
			],
		};
		expect(requestFacts("openai-completions", body, 2)).toEqual({ turn: 2, toolResultText: "first\nsecond" });
		expect(requestFacts("openai-completions", { messages: body.messages.slice(0, 2) }, 1)).toEqual({
			turn: 1,
			userText: "Read it",
		});
	});

	it("reads the openai-responses tail: input text, user items and function call outputs", () => {
		expect(requestFacts("openai-responses", { input: "hello" }, 1)).toEqual({ turn: 1, userText: "hello" });
		const input = [
			{ role: "developer", content: "rules" },
			{ role: "user", content: [{ type: "input_text", text: "Run it" }] },
			{ type: "function_call", call_id: "c1", name: "bash", arguments: "{}" },
			{ type: "function_call_output", call_id: "c1", output: "exit 0" },
		];
		expect(requestFacts("openai-responses", { input }, 2)).toEqual({ turn: 2, toolResultText: "exit 0" });
		expect(requestFacts("openai-responses", { input: input.slice(0, 2) }, 1)).toEqual({
			turn: 1,
			userText: "Run it",
		});
	});

	it("reads the google-generative-ai tail: user text and function responses", () => {
		const contents = [
			{ role: "user", parts: [{ text: "Look it up" }] },
			{ role: "model", parts: [{ functionCall: { name: "find", args: {} } }] },
			{ role: "user", parts: [{ functionResponse: { name: "find", response: { output: "found 3" } } }] },
		];
		expect(requestFacts("google-generative-ai", { contents }, 2)).toEqual({
			turn: 2,
			toolResultText: "found 3",
		});
		expect(requestFacts("google-generative-ai", { contents: contents.slice(0, 1) }, 1)).toEqual({
			turn: 1,
			userText: "Look it up",
		});
	});

	it("gives only the turn for a body it cannot read", () => {
		expect(requestFacts("anthropic-messages", "not json", 4)).toEqual({ turn: 4 });
	});
});

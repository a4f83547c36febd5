import { describe, expect, it } from "vitest";
import { isContextOverflowMessage } from "../../src/errors/overflow-patterns.js";

describe("isContextOverflowMessage", () => {
	it.each([
		["Anthropic", "prompt is too long: 213462 tokens > 200000 maximum"],
		[
			"Anthropic",
			"input length and `max_tokens` exceed context limit: 195000 + 8192 > 200000, decrease input length or `max_tokens` and try again",
		],
		[
			"OpenAI Responses",
			"Your input exceeds the context window of this model. Please adjust your input and try again.",
		],
		[
			"OpenAI",
			"This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
		],
		[
			"OpenRouter",
			'This endpoint\'s maximum context length is 8192 tokens. However, you requested about 9100 tokens (9100 of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
		],
		["xAI", "This model's maximum prompt length is 131072 but the request contains 140321 tokens."],
		["Gemini", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."],
		["llama.cpp", "the request exceeds the available context size, try increasing it"],
		[
			"Mistral",
			"Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length",
		],
		["Groq", "Please reduce the length of the messages or completion."],
		["Ollama", "input length exceeds the context length"],
		[
			"LM Studio",
			"Trying to keep the first 5000 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.",
		],
	])("recognises %s: %s", (_source, message) => {
		expect(isContextOverflowMessage(message)).toBe(true);
	});

	it.each([
		"Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000.",
		"Request too large for model `llama-3.3-70b` in organization org-x service tier `on_demand` on tokens per minute (TPM): Limit 6000, Requested 9000, please reduce your message size and try again.",
		"You exceeded your current quota, please check your plan and billing details.",
		"max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5",
		"Invalid 'messages[2].content': string too long. Expected a string with maximum length 10485760",
		"Overloaded",
		"Internal server error",
	])("does not mistake for an overflow: %s", (message) => {
		expect(isContextOverflowMessage(message)).toBe(false);
	});
});

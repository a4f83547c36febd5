import { describe, expect, it } from "vitest";
import { CUSTOM_PROVIDER, defineModel } from "../../src/models/define-model.js";

const COMPATIBLE = { maxTokensField: "max_tokens", supportsStore: false, systemRole: "system" };

describe("defineModel", () => {
	it("fills the defaults for any OpenAI-compatible base URL", () => {
		const model = defineModel({ id: "my-model", baseUrl: "https://llm.example.com/v1" });
		expect(model).toEqual({
			id: "my-model",
			name: "my-model",
			api: "openai-completions",
			provider: CUSTOM_PROVIDER,
			baseUrl: "https://llm.example.com/v1",
			reasoning: false,
			input: ["text"],
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
			contextWindow: 128_000,
			maxTokens: 8_192,
			compat: { "openai-completions": COMPATIBLE },
		});
	});

	it("takes a local server's default base URL and flags from its provider name", () => {
		const model = defineModel({ provider: "ollama", id: "qwen3:8b", contextWindow: 40_960 });
		expect(model).toMatchObject({
			provider: "ollama",
			baseUrl: "http://localhost:11434/v1",
			contextWindow: 40_960,
			maxTokens: 8_192,
			compat: { "openai-completions": COMPATIBLE },
		});
	});

	it("recognises a known provider from its default base URL", () => {
		expect(defineModel({ id: "x", baseUrl: "http://localhost:1234/v1/" }).provider).toBe("lmstudio");
		expect(defineModel({ id: "x", baseUrl: "https://api.groq.com/openai/v1" }).provider).toBe("groq");
	});

	it("keeps the output limit inside a small context window", () => {
		expect(
			defineModel({ id: "tiny", baseUrl: "http://localhost:8080/v1", contextWindow: 4_096 }).maxTokens,
		).toBe(4_096);
	});

	it("merges the caller's compat flags over the provider's", () => {
		const model = defineModel({
			provider: "vllm",
			id: "Qwen/Qwen3-8B",
			compat: {
				"openai-completions": { reasoningField: "reasoning_text", maxTokensField: "max_completion_tokens" },
			},
		});
		expect(model.compat?.["openai-completions"]).toEqual({
			...COMPATIBLE,
			maxTokensField: "max_completion_tokens",
			reasoningField: "reasoning_text",
		});
	});

	it("uses OpenAI's own defaults for OpenAI on Chat Completions", () => {
		const model = defineModel({ provider: "openai", id: "gpt-4.1", cost: { input: 2, output: 8 } });
		expect(model.api).toBe("openai-completions");
		expect(model.baseUrl).toBe("https://api.openai.com/v1");
		expect(model.compat).toBeUndefined();
		expect(model.cost).toEqual({ input: 2, output: 8, cacheRead: 0, cacheWrite: 0 });
	});

	it("takes the API for providers with their own format, and refuses to guess it", () => {
		const claude = defineModel({ provider: "anthropic", api: "anthropic-messages", id: "claude-next" });
		expect(claude).toMatchObject({ api: "anthropic-messages", baseUrl: "https://api.anthropic.com" });
		expect(claude.compat).toBeUndefined();
		expect(() => defineModel({ provider: "google", id: "gemini-next" })).toThrow(
			/pass api: "google-generative-ai"/,
		);
	});

	it("marks a model with thinking levels as reasoning and copies the caller's arrays", () => {
		const levels: ("low" | "high")[] = ["low", "high"];
		const input: ("text" | "image")[] = ["text", "image"];
		const model = defineModel({
			id: "r1",
			baseUrl: "http://localhost:8000/v1",
			thinkingLevels: levels,
			input,
		});
		expect(model.reasoning).toBe(true);
		levels.push("high");
		input.pop();
		expect(model.thinkingLevels).toEqual(["low", "high"]);
		expect(model.input).toEqual(["text", "image"]);
	});

	it("returns a new object every call", () => {
		const options = { id: "m", baseUrl: "http://localhost:8000/v1" };
		const first = defineModel(options);
		first.cost.input = 5;
		expect(defineModel(options).cost.input).toBe(0);
	});

	it.each([
		[{ id: "m", baseUrl: "not a url" }, /not an http\(s\) URL/],
		[{ id: "m", baseUrl: "ftp://host/v1" }, /not an http\(s\) URL/],
		[{ id: "m", baseUrl: "http://h/v1", contextWindow: 0 }, /contextWindow/],
		[
			{ id: "m", baseUrl: "http://h/v1", contextWindow: 1_000, maxTokens: 2_000 },
			/larger than contextWindow/,
		],
		[
			{ id: "m", baseUrl: "http://h/v1", reasoning: false, thinkingLevels: ["low" as const] },
			/without reasoning/,
		],
		[{ id: "m", baseUrl: "http://h/v1", cost: { input: -1 } }, /cost.input/],
		[{ id: "", baseUrl: "http://h/v1" }, /id is empty/],
	])("rejects an unusable definition %#", (options, message) => {
		expect(() => defineModel(options)).toThrow(message);
	});
});

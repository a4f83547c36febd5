import { describe, expect, it } from "vitest";
import { findModel, getModel, getModels, getProviders } from "../../src/models/get-model.js";
import { getProviderDefaults } from "../../src/models/providers.js";

describe("getModel", () => {
	it("returns the catalogue entry with its API, base URL, prices and limits", () => {
		const model = getModel("anthropic", "claude-sonnet-5-5");
		expect(model).toMatchObject({
			id: "claude-sonnet-5-5",
			api: "anthropic-messages",
			provider: "anthropic",
			baseUrl: "https://api.anthropic.com",
			reasoning: true,
			input: ["text", "image"],
			contextWindow: 1_000_000,
			maxTokens: 128_000,
		});
		expect(getModel("openai", "gpt-4.1").api).toBe("openai-responses");
		expect(getModel("google", "gemini-4-hydrogen").api).toBe("google-generative-ai");
		expect(getModel("groq", "openai/gpt-oss-120b").baseUrl).toBe("https://api.groq.com/openai/v1");
	});

	it("hands out fresh copies: changing one, however deep, leaves the catalogue as it was", () => {
		const first = getModel("anthropic", "claude-sonnet-5-5");
		first.cost.input = 999;
		first.input.push("image");
		first.thinkingLevels?.splice(0);
		first.baseUrl = "http://127.0.0.1:1";
		const compat = first.compat?.["anthropic-messages"];
		if (compat) compat.thinkingMode = "budget";

		const second = getModel("anthropic", "claude-sonnet-5-5");
		expect(second).not.toBe(first);
		expect(second.cost.input).toBe(2);
		expect(second.input).toEqual(["text", "image"]);
		expect(second.thinkingLevels).toEqual(["off", "low", "medium", "high", "xhigh"]);
		expect(second.baseUrl).toBe("https://api.anthropic.com");
		expect(second.compat?.["anthropic-messages"]?.thinkingMode).toBe("adaptive");
	});

	it("throws a programmer error naming the listed ids when the id is not in the catalogue", () => {
		const call = () => getModel("deepseek", "deepseek-chat" as "deepseek-v4-flash");
		expect(call).toThrow(/no model "deepseek-chat" for provider "deepseek"/);
		expect(call).toThrow(/deepseek-v4-flash, deepseek-v4-pro/);
		expect(call).toThrow(/defineModel/);
	});
});

describe("findModel", () => {
	it("finds a model by ids known only at run time", () => {
		const provider: string = "xai";
		expect(findModel(provider, "grok-4.7")?.api).toBe("openai-completions");
	});

	it("answers undefined for unknown providers, unknown ids and inherited object keys", () => {
		expect(findModel("nope", "grok-4.7")).toBeUndefined();
		expect(findModel("xai", "grok-1")).toBeUndefined();
		expect(findModel("xai", "toString")).toBeUndefined();
		expect(findModel("__proto__", "constructor")).toBeUndefined();
		expect(findModel("llama.cpp", "anything")).toBeUndefined();
	});
});

describe("getModels and getProviders", () => {
	it("lists a provider's models sorted by id, each a fresh copy", () => {
		const models = getModels("deepseek");
		expect(models.map((model) => model.id)).toEqual(["deepseek-v4-flash", "deepseek-v4-pro"]);
		const first = models[0];
		if (first) first.contextWindow = 1;
		expect(getModels("deepseek")[0]?.contextWindow).toBe(1_048_576);
	});

	it("returns an empty list for a provider without catalogue models or unknown to Kestrel", () => {
		expect(getModels("llama.cpp")).toEqual([]);
		expect(getModels("my-gateway")).toEqual([]);
	});

	it("lists the hosted providers and the local servers, as a new array each call", () => {
		const providers = getProviders();
		expect(providers).toEqual([
			"anthropic",
			"openai",
			"google",
			"openrouter",
			"groq",
			"deepseek",
			"xai",
			"mistral",
			"cerebras",
			"ollama",
			"llama.cpp",
			"vllm",
			"lmstudio",
		]);
		providers.pop();
		expect(getProviders()).toHaveLength(13);
	});
});

describe("getProviderDefaults", () => {
	it("gives the API, base URL, key variables and compat flags of a provider", () => {
		expect(getProviderDefaults("groq")).toEqual({
			provider: "groq",
			name: "Groq",
			api: "openai-completions",
			baseUrl: "https://api.groq.com/openai/v1",
			local: false,
			apiKeyVariables: ["GROQ_API_KEY"],
			compat: {
				"openai-completions": { maxTokensField: "max_tokens", supportsStore: false, systemRole: "system" },
			},
		});
		expect(getProviderDefaults("ollama")).toMatchObject({ local: true, apiKeyVariables: [] });
		expect(getProviderDefaults("google")?.apiKeyVariables).toEqual(["GEMINI_API_KEY", "GOOGLE_API_KEY"]);
	});

	it("answers undefined for a provider Kestrel does not know, and copies what it returns", () => {
		expect(getProviderDefaults("my-gateway")).toBeUndefined();
		const groq = getProviderDefaults("groq");
		const flags = groq?.compat?.["openai-completions"];
		if (flags) flags.maxTokensField = "max_completion_tokens";
		expect(getProviderDefaults("groq")?.compat?.["openai-completions"]?.maxTokensField).toBe("max_tokens");
	});
});

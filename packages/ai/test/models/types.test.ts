import { describe, expectTypeOf, it } from "vitest";
import { defineModel } from "../../src/models/define-model.js";
import { type CatalogueModelId, findModel, getModel, getModels } from "../../src/models/get-model.js";
import type { Api, Model } from "../../src/types.js";

// These tests are checked by `tsc -p tsconfig.test.json`; at run time they only call the functions.
describe("catalogue types", () => {
	it("types getModel by the entry's API", () => {
		expectTypeOf(getModel("anthropic", "claude-sonnet-5-5")).toEqualTypeOf<Model<"anthropic-messages">>();
		expectTypeOf(getModel("openai", "gpt-4.1")).toEqualTypeOf<Model<"openai-responses">>();
		expectTypeOf(getModel("google", "gemini-3.8-flash")).toEqualTypeOf<Model<"google-generative-ai">>();
		expectTypeOf(getModel("ollama", "gpt-oss:20b")).toEqualTypeOf<Model<"openai-completions">>();
	});

	it("rejects ids the catalogue does not list, and unknown providers", () => {
		// @ts-expect-error: not a catalogue id for anthropic
		expectTypeOf(() => getModel("anthropic", "claude-3-opus")).toBeFunction();
		// @ts-expect-error: a Groq id asked of DeepSeek
		expectTypeOf(() => getModel("deepseek", "openai/gpt-oss-120b")).toBeFunction();
		// @ts-expect-error: not a catalogue provider
		expectTypeOf(() => getModel("my-gateway", "x")).toBeFunction();
		// @ts-expect-error: llama.cpp has no catalogue models
		expectTypeOf(() => getModel("llama.cpp", "model")).toBeFunction();
	});

	it("lists the ids per provider as a union", () => {
		expectTypeOf<CatalogueModelId<"deepseek">>().toEqualTypeOf<"deepseek-v4-flash" | "deepseek-v4-pro">();
	});

	it("types getModels by the provider's APIs and falls back to Model for other strings", () => {
		expectTypeOf(getModels("anthropic")).toEqualTypeOf<Model<"anthropic-messages">[]>();
		expectTypeOf(getModels("llama.cpp")).toEqualTypeOf<Model<Api>[]>();
		const provider: string = "groq";
		expectTypeOf(getModels(provider)).toEqualTypeOf<Model[]>();
		expectTypeOf(findModel(provider, "x")).toEqualTypeOf<Model | undefined>();
	});

	it("types defineModel by its api option, Chat Completions by default", () => {
		expectTypeOf(defineModel({ id: "m", baseUrl: "http://localhost:8000/v1" })).toEqualTypeOf<
			Model<"openai-completions">
		>();
		expectTypeOf(
			defineModel({ id: "m", baseUrl: "https://proxy.example/v1", api: "openai-responses" }),
		).toEqualTypeOf<Model<"openai-responses">>();
		// @ts-expect-error: a base URL or a known provider is required
		expectTypeOf(() => defineModel({ id: "m" })).toBeFunction();
		// @ts-expect-error: an unknown provider needs a base URL
		expectTypeOf(() => defineModel({ id: "m", provider: "my-gateway" })).toBeFunction();
	});

	it("returns catalogue models that the provider functions accept", () => {
		const accept = (model: Model<"anthropic-messages">) => model.id;
		expectTypeOf(accept(getModel("anthropic", "claude-haiku-4-5"))).toBeString();
	});
});

import { describe, expect, it } from "vitest";
import { ModelsFileError } from "../../src/models-file/models-file-error.js";
import {
	modelsFileApiKey,
	modelsFileKeyVariables,
	modelsFileModels,
	providerModels,
} from "../../src/models-file/models-file-models.js";
import { validateModelsFile } from "../../src/models-file/validate-models-file.js";
import { ProviderRegistry } from "../../src/registry.js";
import { echoWireApi } from "./echo-wire-api.js";

const PATH = "/home/me/.kestrel/models.json";
const loaded = (providers: unknown, registry = new ProviderRegistry()) => ({
	path: PATH,
	file: validateModelsFile({ providers }, PATH, registry),
});

describe("models.json models", () => {
	it("carries prices, thinking levels, headers and compat flags into the Model", () => {
		const file = loaded({
			router: {
				baseUrl: "https://router.example/api/v1",
				api: "openai-completions",
				headers: { "X-Title": "kestrel", "X-Team": "$TEAM", "X-Unset": "$NOT_SET" },
				compat: { maxTokensField: "max_tokens", supportsStore: false },
				models: [
					{
						id: "qwen3-thinking",
						reasoning: true,
						thinkingLevels: ["off", "high"],
						cost: { input: 0.2, output: 0.6 },
						compat: { thinkTags: "prefilled", supportsStore: true },
					},
					{ id: "plain" },
				],
			},
		});
		const [thinking, plain] = providerModels(file, "router", { TEAM: "infra" });
		expect(thinking).toMatchObject({
			provider: "router",
			id: "qwen3-thinking",
			thinkingLevels: ["off", "high"],
			cost: { input: 0.2, output: 0.6, cacheRead: 0, cacheWrite: 0 },
			headers: { "X-Title": "kestrel", "X-Team": "infra" },
		});
		expect(thinking?.headers).not.toHaveProperty("X-Unset");
		// The model's flags win over the provider's; the provider's apply to every model.
		expect(thinking?.compat?.["openai-completions"]).toMatchObject({
			maxTokensField: "max_tokens",
			supportsStore: true,
			thinkTags: "prefilled",
		});
		expect(plain?.compat?.["openai-completions"]).toMatchObject({
			maxTokensField: "max_tokens",
			supportsStore: false,
		});
		expect(plain?.cost).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
		expect(providerModels(file, "nobody", {})).toEqual([]);
		expect(providerModels(file, "constructor", {})).toEqual([]);
	});

	it("builds models of a provider package's API with that API's flags", () => {
		const registry = new ProviderRegistry();
		registry.registerWireApi(echoWireApi, "test");
		const file = loaded(
			{
				echoes: {
					baseUrl: "https://echo.example/v1",
					api: "echo-stream",
					compat: { shout: true },
					models: [{ id: "e1", compat: { dialect: "fancy" } }],
				},
			},
			registry,
		);
		const [model] = modelsFileModels(file, {});
		expect(model).toMatchObject({ api: "echo-stream", provider: "echoes", id: "e1" });
		expect(model?.compat).toEqual({ "echo-stream": { shout: true, dialect: "fancy" } });
	});

	it("refuses a model defineModel refuses, naming the entry and the file", () => {
		const file = loaded({
			local: {
				baseUrl: "http://localhost:8000/v1",
				api: "openai-completions",
				models: [{ id: "m" }, { id: "big", contextWindow: 1000, maxTokens: 2000 }],
			},
		});
		expect(() => modelsFileModels(file, {})).toThrow(ModelsFileError);
		expect(() => modelsFileModels(file, {})).toThrow(
			/Invalid model "providers\.local\.models\.1" in \/home\/me\/\.kestrel\/models\.json: .*Fix the entry\./,
		);
	});

	it("reads a provider's key itself or from the variable $NAME names", () => {
		const file = loaded({
			literal: {
				baseUrl: "http://a/v1",
				api: "openai-completions",
				apiKey: "sk-literal",
				models: [{ id: "m" }],
			},
			named: {
				baseUrl: "http://b/v1",
				api: "openai-completions",
				apiKey: "$NAMED_KEY",
				models: [{ id: "m" }],
			},
			keyless: { baseUrl: "http://c/v1", api: "openai-completions", models: [{ id: "m" }] },
		});
		expect(modelsFileApiKey(file, "literal", {})).toEqual({ apiKey: "sk-literal" });
		expect(modelsFileApiKey(file, "named", { NAMED_KEY: "sk-env" })).toEqual({
			apiKey: "sk-env",
			variable: "NAMED_KEY",
		});
		expect(modelsFileApiKey(file, "named", { NAMED_KEY: "" })).toEqual({
			apiKey: undefined,
			variable: "NAMED_KEY",
		});
		expect(modelsFileApiKey(file, "keyless", {})).toBeUndefined();
		expect(modelsFileApiKey(file, "absent", {})).toBeUndefined();
		expect(modelsFileKeyVariables(file)).toEqual(["NAMED_KEY"]);
	});
});

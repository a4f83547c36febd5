import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli-error.js";
import { modelsFileModels, providerModels } from "../../src/models/models-file-model.js";
import { validateModelsFile } from "../../src/models/validate-models-file.js";

const PATH = "/home/me/.kestrel/models.json";
const loaded = (providers: unknown) => ({ path: PATH, file: validateModelsFile({ providers }, PATH) });

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
	});

	it("takes thinkingMode values per API", () => {
		const file = loaded({
			claude: {
				baseUrl: "https://gateway.example",
				api: "anthropic-messages",
				compat: { thinkingMode: "adaptive" },
				models: [{ id: "claude-x", reasoning: true }],
			},
		});
		expect(modelsFileModels(file, {})[0]?.compat?.["anthropic-messages"]).toMatchObject({
			thinkingMode: "adaptive",
		});
	});

	it("refuses a flag of another API, or a thinkingMode the API does not have, naming the key and the file", () => {
		const wrongFlag = loaded({
			claude: {
				baseUrl: "https://gateway.example",
				api: "anthropic-messages",
				models: [{ id: "claude-x", compat: { thinkTags: "leading" } }],
			},
		});
		expect(() => providerModels(wrongFlag, "claude", {})).toThrow(CliError);
		expect(() => providerModels(wrongFlag, "claude", {})).toThrow(
			/"providers\.claude\.models\.0\.compat" in \/home\/me\/\.kestrel\/models\.json: "thinkTags" is not a flag of anthropic-messages/,
		);
		const wrongMode = loaded({
			gemini: {
				baseUrl: "https://gateway.example/v1beta",
				api: "google-generative-ai",
				compat: { thinkingMode: "adaptive" },
				models: [{ id: "gemini-x" }],
			},
		});
		expect(() => providerModels(wrongMode, "gemini", {})).toThrow(
			/"providers\.gemini\.compat".*thinkingMode "adaptive" is not one of google-generative-ai's: budget, level/,
		);
	});

	it("refuses unknown compat flags, negative prices and unknown thinking levels when the file is read", () => {
		const local = (model: Record<string, unknown>, compat: Record<string, unknown> = {}) => ({
			local: {
				baseUrl: "http://localhost:8000/v1",
				api: "openai-completions",
				compat,
				models: [{ id: "m", ...model }],
			},
		});
		expect(() => loaded(local({}, { streaming: false }))).toThrow(
			/"providers\.local\.compat\.streaming": unknown key/,
		);
		expect(() => loaded(local({ cost: { input: -1 } }))).toThrow(
			/"providers\.local\.models\.0\.cost\.input": must be >= 0/,
		);
		expect(() => loaded(local({ thinkingLevels: ["max"] }))).toThrow(
			/"providers\.local\.models\.0\.thinkingLevels\.0": must be one of "off", "minimal", "low", "medium", "high", "xhigh"/,
		);
	});

	it("says when TypeBox stopped checking early, and never drops a bad choice it did see", () => {
		const message = (() => {
			try {
				loaded({
					local: {
						baseUrl: "http://localhost:8000/v1",
						api: "openai-completions",
						compat: { streaming: false },
						models: [{ id: "m", cost: { input: -1 }, thinkingLevels: ["max"] }],
					},
				});
			} catch (error) {
				return (error as Error).message;
			}
			return "";
		})();
		expect(message).toContain('"providers.local.compat.streaming": unknown key');
		expect(message).toContain('"providers.local.models.0.thinkingLevels.0": must be one of "off"');
		expect(message).toContain("(checking stopped here: there may be more)");
	});
});

describe("the README's models.json examples", () => {
	it("are valid files whose models can be built", async () => {
		const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
		const examples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) =>
			JSON.parse(match[1] as string),
		);
		expect(examples.length).toBeGreaterThanOrEqual(2);
		for (const example of examples) {
			const file = { path: "README.md", file: validateModelsFile(example, "README.md") };
			expect(modelsFileModels(file, {}).length).toBeGreaterThan(0);
		}
	});
});

import { describe, expect, it } from "vitest";
import { CATALOGUE_DATE, MODELS } from "../../src/models/catalogue.js";
import { getModels, getProviders } from "../../src/models/get-model.js";
import { getProviderDefaults, knownProviders } from "../../src/models/providers.js";
import { validateModel } from "../../src/models/validate.js";
import type { KnownApi, Model } from "../../src/types.js";

const KNOWN_APIS: readonly KnownApi[] = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
];

const everyModel: Model[] = getProviders().flatMap((provider) => getModels(provider));
const label = (model: Model) => `${model.provider}/${model.id}`;

describe("the catalogue data", () => {
	it("has a plausible size and a checked date in ISO form", () => {
		expect(everyModel.length).toBeGreaterThanOrEqual(30);
		expect(CATALOGUE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(Number.isNaN(Date.parse(CATALOGUE_DATE))).toBe(false);
	});

	it("lists every known provider, and only those, in the order of the provider defaults", () => {
		expect(getProviders()).toEqual(knownProviders());
	});

	it.each(everyModel.map((model) => [label(model), model] as const))("%s is well-formed", (_name, model) => {
		expect(validateModel(model)).toEqual([]);
		expect(KNOWN_APIS).toContain(model.api);
		expect(model.maxTokens).toBeLessThanOrEqual(model.contextWindow);
		expect(model.contextWindow).toBeGreaterThan(0);
		expect(() => new URL(model.baseUrl)).not.toThrow();
		if (!model.reasoning) expect(model.thinkingLevels).toBeUndefined();
	});

	it("keys every entry by its own id and provider, so ids are unique per provider", () => {
		for (const [provider, models] of Object.entries(MODELS)) {
			for (const [id, model] of Object.entries(models)) {
				expect(model.id, `${provider}/${id}`).toBe(id);
				expect(model.provider, `${provider}/${id}`).toBe(provider);
			}
			const ids = getModels(provider).map((model) => model.id);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toEqual([...ids].sort());
		}
	});

	it("uses the provider's API and base URL for every model", () => {
		for (const model of everyModel) {
			const defaults = getProviderDefaults(model.provider);
			expect(defaults, label(model)).toBeDefined();
			expect(model.api, label(model)).toBe(defaults?.api);
			expect(model.baseUrl, label(model)).toBe(defaults?.baseUrl);
		}
	});

	it("gives every OpenAI-compatible server the max_tokens, no-store and system-role flags", () => {
		const compatible = everyModel.filter((model) => model.api === "openai-completions");
		expect(compatible.length).toBeGreaterThan(0);
		for (const model of compatible) {
			expect(model.compat?.["openai-completions"], label(model)).toMatchObject({
				maxTokensField: "max_tokens",
				supportsStore: false,
				systemRole: "system",
			});
		}
	});

	it("marks how each Claude and Gemini model takes its thinking level", () => {
		for (const model of everyModel.filter((entry) => entry.api === "anthropic-messages")) {
			const mode = model.compat?.["anthropic-messages"]?.thinkingMode ?? "budget";
			expect(["budget", "adaptive"], label(model)).toContain(mode);
		}
		for (const model of everyModel.filter((entry) => entry.api === "google-generative-ai")) {
			expect(model.compat?.["google-generative-ai"]?.thinkingMode, label(model)).toMatch(/^(budget|level)$/);
		}
	});

	it("leaves out off where the model cannot stop thinking", () => {
		const alwaysOn = [
			["anthropic", "claude-opus-5-5"],
			["anthropic", "claude-fable-5-2"],
			["openai", "gpt-6.2-sol"],
			["google", "gemini-4-argon"],
			["google", "gemini-4-hydrogen"],
		] as const;
		for (const [provider, id] of alwaysOn) {
			const model = everyModel.find((entry) => entry.provider === provider && entry.id === id);
			expect(model?.thinkingLevels, `${provider}/${id}`).toBeDefined();
			expect(model?.thinkingLevels, `${provider}/${id}`).not.toContain("off");
		}
	});

	it("prices local servers at zero and hosted models above zero", () => {
		for (const model of everyModel) {
			const local = getProviderDefaults(model.provider)?.local;
			if (local)
				expect(model.cost, label(model)).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
			else expect(model.cost.output, label(model)).toBeGreaterThan(0);
		}
	});

	it("uses the local servers' default ports", () => {
		expect(getProviderDefaults("ollama")?.baseUrl).toBe("http://localhost:11434/v1");
		expect(getProviderDefaults("llama.cpp")?.baseUrl).toBe("http://localhost:8080/v1");
		expect(getProviderDefaults("vllm")?.baseUrl).toBe("http://localhost:8000/v1");
		expect(getProviderDefaults("lmstudio")?.baseUrl).toBe("http://localhost:1234/v1");
	});
});

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { refreshCatalogue, renderCatalogue, sourceProviders } from "../../scripts/refresh-models.js";
import { CATALOGUE_DATE, MODELS } from "../../src/models/catalogue.js";
import { validateModel } from "../../src/models/validate.js";

const catalogueFile = fileURLToPath(new URL("../../src/models/catalogue.ts", import.meta.url));

/** A models.dev-shaped list: top-level provider ids, each with its models. */
function source(models: Record<string, Record<string, unknown>>): unknown {
	return Object.fromEntries(
		Object.entries(models).map(([provider, entries]) => [provider, { id: provider, models: entries }]),
	);
}

describe("the refresh script (pure parts; it never runs in tests)", () => {
	it("renders the checked-in catalogue byte for byte, so a refresh only shows real changes", () => {
		expect(renderCatalogue(MODELS, CATALOGUE_DATE)).toBe(readFileSync(catalogueFile, "utf8"));
	});

	it("updates prices, limits and modalities of listed models and reports each change", () => {
		const result = refreshCatalogue(
			MODELS,
			source({
				deepseek: {
					"deepseek-v4-flash": {
						id: "deepseek-v4-flash",
						reasoning: true,
						modalities: { input: ["text", "image"], output: ["text"] },
						cost: { input: 0.2, output: 0.4, cache_read: 0.004 },
						limit: { context: 1_048_576, output: 100_000 },
					},
				},
			}),
		);
		const flash = result.catalogue.deepseek?.["deepseek-v4-flash"];
		expect(flash?.cost).toEqual({ input: 0.2, output: 0.4, cacheRead: 0.004, cacheWrite: 0 });
		expect(flash?.maxTokens).toBe(100_000);
		expect(flash?.input).toEqual(["text", "image"]);
		expect(flash?.thinkingLevels).toEqual(["high"]);
		expect(flash?.compat).toEqual(MODELS.deepseek["deepseek-v4-flash"].compat);
		expect(result.changes).toEqual([
			'deepseek/deepseek-v4-flash cost: {"input":0.14,"output":0.28,"cacheRead":0.0028,"cacheWrite":0} → {"input":0.2,"output":0.4,"cacheRead":0.004,"cacheWrite":0}',
			"deepseek/deepseek-v4-flash maxTokens: 393216 → 100000",
			'deepseek/deepseek-v4-flash input: ["text"] → ["text","image"]',
		]);
		expect(result.missing).toEqual(["deepseek/deepseek-v4-pro"]);
		expect(MODELS.deepseek["deepseek-v4-flash"].cost.input).toBe(0.14);
	});

	it("reports nothing when the source agrees with the catalogue", () => {
		const pro = MODELS.deepseek["deepseek-v4-pro"];
		const result = refreshCatalogue(
			MODELS,
			source({
				deepseek: {
					"deepseek-v4-pro": {
						reasoning: true,
						modalities: { input: ["text"] },
						cost: { input: pro.cost.input, output: pro.cost.output, cache_read: pro.cost.cacheRead },
						limit: { context: pro.contextWindow, output: pro.maxTokens },
					},
				},
			}),
		);
		expect(result.changes).toEqual([]);
		expect(renderCatalogue(result.catalogue, CATALOGUE_DATE)).toBe(renderCatalogue(MODELS, CATALOGUE_DATE));
	});

	it("drops thinking levels when the source says a model no longer reasons", () => {
		const result = refreshCatalogue(MODELS, source({ xai: { "grok-4.7": { reasoning: false } } }));
		expect(result.catalogue.xai?.["grok-4.7"]?.thinkingLevels).toBeUndefined();
		expect(result.changes).toContain("xai/grok-4.7 thinkingLevels: removed (no longer a reasoning model)");
	});

	it("adds other models only for the providers named with --add, with the provider's defaults", () => {
		const list = source({
			groq: {
				"qwen/qwen4-32b": {
					name: "Qwen 4 32B",
					reasoning: true,
					modalities: { input: ["text"] },
					cost: { input: 0.3, output: 0.6 },
					limit: { context: 131_072, output: 40_960 },
				},
				"old/model": { status: "deprecated", limit: { context: 8_192, output: 1_024 } },
			},
			mistral: { "mistral-new": { limit: { context: 128_000, output: 8_192 } } },
		});
		const result = refreshCatalogue(MODELS, list, { add: ["groq"] });
		const added = result.catalogue.groq?.["qwen/qwen4-32b"];
		expect(added).toEqual({
			id: "qwen/qwen4-32b",
			name: "Qwen 4 32B",
			api: "openai-completions",
			provider: "groq",
			baseUrl: "https://api.groq.com/openai/v1",
			reasoning: true,
			input: ["text"],
			cost: { input: 0.3, output: 0.6, cacheRead: 0.3, cacheWrite: 0 },
			contextWindow: 131_072,
			maxTokens: 40_960,
			compat: {
				"openai-completions": { maxTokensField: "max_tokens", supportsStore: false, systemRole: "system" },
			},
		});
		expect(added && validateModel(added)).toEqual([]);
		expect(result.catalogue.groq?.["old/model"]).toBeUndefined();
		expect(result.catalogue.mistral?.["mistral-new"]).toBeUndefined();
		expect(result.changes).toContain("groq/qwen/qwen4-32b added");
	});

	it("renders added models in sorted position and stamps the given date", () => {
		const list = source({ groq: { "aaa/first": { limit: { context: 8_192, output: 1_024 } } } });
		const text = renderCatalogue(refreshCatalogue(MODELS, list, { add: ["groq"] }).catalogue, "2027-01-02");
		expect(text).toContain('export const CATALOGUE_DATE = "2027-01-02";');
		expect(text.indexOf('"aaa/first"')).toBeLessThan(text.indexOf('"openai/gpt-oss-120b"'));
		expect(text.indexOf('"aaa/first"')).toBeGreaterThan(text.indexOf("\tgroq: {"));
	});

	it("reads models.dev lists with or without a providers wrapper, and rejects non-objects", () => {
		const inner = { groq: { models: {} } };
		expect(sourceProviders({ providers: inner })).toBe(inner);
		expect(sourceProviders(inner)).toBe(inner);
		expect(() => sourceProviders("nope")).toThrow(/not a JSON object/);
	});
});

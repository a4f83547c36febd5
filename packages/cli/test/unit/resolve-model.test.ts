import type { Model } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import type { LoadedModelsFile } from "../../src/models/load-models-file.js";
import { type ResolveModelInput, resolveModel } from "../../src/models/resolve-model.js";

const modelsFile: LoadedModelsFile = {
	path: "/home/me/.kestrel/models.json",
	file: {
		providers: {
			lab: {
				baseUrl: "http://10.0.0.5:8000/v1",
				api: "openai-completions",
				apiKey: "$LAB_KEY",
				models: [{ id: "lab-large", contextWindow: 64_000 }],
			},
		},
	},
};
const noModels: LoadedModelsFile = { path: modelsFile.path, file: { providers: {} } };

function input(overrides: Partial<ResolveModelInput>): ResolveModelInput {
	return {
		flags: {},
		settings: {},
		modelsFile,
		env: {},
		probeLocal: async () => undefined,
		probedPorts: [],
		...overrides,
	};
}

describe("resolveModel", () => {
	it("takes --model with its thinking suffix, and --thinking wins over the suffix", async () => {
		const env = { ANTHROPIC_API_KEY: "k" };
		const fromSpec = await resolveModel(input({ flags: { model: "anthropic/claude-opus-5:low" }, env }));
		expect(fromSpec).toMatchObject({
			model: { provider: "anthropic", id: "claude-opus-5" },
			thinkingLevel: "low",
		});
		const fromFlag = await resolveModel(
			input({ flags: { model: "anthropic/claude-opus-5:low", thinking: "high" }, env }),
		);
		expect(fromFlag.thinkingLevel).toBe("high");
	});

	it("uses settings defaults when no flag names a model", async () => {
		const resolved = await resolveModel(
			input({
				settings: { defaultProvider: "lab", defaultModel: "lab-large", defaultThinkingLevel: "medium" },
				env: { LAB_KEY: "lab-secret" },
			}),
		);
		expect(resolved).toMatchObject({
			model: { provider: "lab", id: "lab-large", baseUrl: "http://10.0.0.5:8000/v1", contextWindow: 64_000 },
			thinkingLevel: "medium",
		});
	});

	it("takes --api-key as the key a model needs, and applies --base-url", async () => {
		const flags = { model: "lab/lab-large", baseUrl: "http://proxy:9000/v1/" };
		// $LAB_KEY is not set: without --api-key the model has no key.
		await expect(resolveModel(input({ flags }))).rejects.toThrow("lab: no API key — set LAB_KEY");
		const resolved = await resolveModel(input({ flags: { ...flags, apiKey: "flag-key" } }));
		expect(resolved.model).toMatchObject({
			provider: "lab",
			id: "lab-large",
			baseUrl: "http://proxy:9000/v1",
		});
		expect(JSON.stringify(resolved)).not.toContain("flag-key");
	});

	it("with nothing named, picks a catalogue provider that has a key before models.json", async () => {
		const resolved = await resolveModel(input({ env: { OPENAI_API_KEY: "o" } }));
		expect(resolved.model.provider).toBe("openai");
	});

	it("probes local servers only when nothing is configured, and otherwise explains how to configure one", async () => {
		let probes = 0;
		const local = { id: "llama", provider: "ollama" } as Model;
		const probeLocal = async () => {
			probes++;
			return local;
		};
		await resolveModel(input({ env: { ANTHROPIC_API_KEY: "k" }, probeLocal }));
		expect(probes).toBe(0);
		expect((await resolveModel(input({ modelsFile: noModels, probeLocal }))).model).toBe(local);
		await expect(resolveModel(input({ modelsFile: noModels }))).rejects.toThrow(
			/ANTHROPIC_API_KEY[\s\S]*models\.json[\s\S]*Ollama/,
		);
	});

	it("refuses unknown models, unknown providers and hosted models without a key, saying what to do", async () => {
		await expect(
			resolveModel(input({ flags: { model: "anthropic/claude-9" }, env: { ANTHROPIC_API_KEY: "k" } })),
		).rejects.toThrow(/Unknown model "claude-9".*claude-sonnet-5-5/);
		await expect(resolveModel(input({ flags: { model: "nowhere/x" } }))).rejects.toThrow(
			/Unknown provider "nowhere"/,
		);
		await expect(resolveModel(input({ flags: { model: "anthropic/claude-opus-5" } }))).rejects.toThrow(
			"anthropic: no API key — set ANTHROPIC_API_KEY or pass --api-key.",
		);
	});

	it("accepts any id on a local server provider", async () => {
		const resolved = await resolveModel(input({ flags: { model: "ollama/qwen3:8b" } }));
		expect(resolved.model).toMatchObject({ provider: "ollama", id: "qwen3:8b", api: "openai-completions" });
		expect(resolved.thinkingLevel).toBeUndefined();
	});
});

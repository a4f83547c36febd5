import {
	defineWireApi,
	type LoadedModelsFile,
	type Model,
	registerWireApi,
	Type,
	unregisterProviders,
	validateModelsFile,
} from "@kestrel/ai";
import { createFauxProvider } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
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
		probed: [],
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

/** A provider package's module: a credential chain, not a key; one hosted provider with a catalogue model. */
const cloudApi = defineWireApi({
	api: "cloud-converse",
	title: "Cloud Converse",
	compat: Type.Object({ region: Type.Optional(Type.String({ description: "Where." })) }),
	auth: {
		kind: "credentials",
		describe: "Set CLOUD_SECRET or log in with cloud-cli.",
		resolve: async () => ({}),
		secretVariables: ["CLOUD_SECRET"],
	},
	providers: { "cloud-ai": { name: "Cloud AI", baseUrl: "https://cloud.example/v1" } },
	models: [
		{
			id: "cloud-large",
			name: "Cloud Large",
			api: "cloud-converse",
			provider: "cloud-ai",
			baseUrl: "https://cloud.example/v1",
			reasoning: false,
			input: ["text"],
			cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
			contextWindow: 100_000,
			maxTokens: 4_096,
		},
	],
	replayRules: () => ({
		toolCallIds: { keepsOwnIds: true, accepts: () => true, derive: (id: string) => id },
		ownThinkingNeedsSignature: false,
	}),
	createProvider: () => createFauxProvider({ api: "cloud-converse" }).provider as never,
});

describe("resolveModel with a provider package registered", () => {
	afterEach(() => unregisterProviders("test-package"));

	it("takes its catalogue models and asks no key of an API with a credential chain", async () => {
		registerWireApi(cloudApi, "test-package");
		const resolved = await resolveModel(input({ flags: { model: "cloud-ai/cloud-large" } }));
		expect(resolved.model).toMatchObject({ provider: "cloud-ai", id: "cloud-large", api: "cloud-converse" });
		// A models.json provider on that API is not asked for its key either.
		const path = "/home/me/.kestrel/models.json";
		const file = validateModelsFile(
			{
				providers: {
					gateway: {
						baseUrl: "https://gateway.example/v1",
						api: "cloud-converse",
						apiKey: "$UNSET_TOKEN",
						compat: { region: "eu" },
						models: [{ id: "g1" }],
					},
				},
			},
			path,
		);
		const gateway = await resolveModel(input({ flags: { model: "gateway/g1" }, modelsFile: { path, file } }));
		expect(gateway.model.compat).toEqual({ "cloud-converse": { region: "eu" } });
	});

	it("names its providers and credentials in the message for a machine with nothing configured", async () => {
		const before = await resolveModel(input({ modelsFile: noModels })).catch((error: Error) => error.message);
		expect(before).not.toContain("Cloud Converse");
		registerWireApi(cloudApi, "test-package");
		registerWireApi(
			defineWireApi({
				...cloudApi,
				api: "key-converse",
				auth: { kind: "key" },
				providers: {
					"key-cloud": {
						name: "Key Cloud",
						baseUrl: "https://k.example/v1",
						apiKeyVariables: ["KEY_CLOUD_TOKEN"],
					},
				},
				models: [],
				createProvider: () => createFauxProvider({ api: "key-converse" }).provider as never,
			}),
			"test-package",
		);
		const message = await resolveModel(input({ modelsFile: noModels })).catch(
			(error: Error) => error.message,
		);
		expect(message).toContain("Cloud Converse (cloud-ai): Set CLOUD_SECRET or log in with cloud-cli.");
		expect(message).toContain("KEY_CLOUD_TOKEN");
		expect(message).toContain("Ollama (11434)");
	});
});

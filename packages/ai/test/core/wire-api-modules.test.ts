import { Type } from "typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
	ANTHROPIC_MESSAGES_REPLAY,
	anthropicMessages,
	apiKeyVariables,
	builtInWireApis,
	defineModel,
	defineWireApi,
	findModel,
	getEnvApiKey,
	getModels,
	getProviderDefaults,
	getProviders,
	type KnownApi,
	knownWireApis,
	type ModelCompat,
	ProviderRegistry,
	registerBuiltInProviders,
	requiresApiKey,
} from "../../src/index.js";
import { createFauxProvider, fauxText } from "../../src/testing/index.js";

const ACME_COMPAT = Type.Object({
	dialect: Type.Optional(Type.Union([Type.Literal("a"), Type.Literal("b")])),
});

function acmeModule(faux = createFauxProvider({ api: "acme-chat" })) {
	return defineWireApi({
		api: "acme-chat",
		title: "Acme Chat",
		compat: ACME_COMPAT,
		auth: { kind: "key" },
		providers: {
			acme: {
				name: "Acme",
				baseUrl: "https://api.acme.example/v2",
				apiKeyVariables: ["ACME_KEY", "ACME_TOKEN"],
				compat: { dialect: "b" },
			},
		},
		models: [
			defineModel({
				api: "acme-chat",
				provider: "acme",
				id: "acme-large",
				baseUrl: "https://api.acme.example/v2",
			}),
		],
		createProvider: () => faux.provider,
		replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
	});
}

describe("wire API modules", () => {
	it("the built-in modules describe the four APIs and the known providers", () => {
		expect(builtInWireApis().map((module) => module.api)).toEqual([
			"anthropic-messages",
			"openai-responses",
			"google-generative-ai",
			"openai-completions",
		]);
		for (const module of builtInWireApis()) {
			expect(module.compat.type).toBe("object");
			for (const [flag, schema] of Object.entries(module.compat.properties)) {
				expect(typeof (schema as { description?: unknown }).description, `${module.api}.${flag}`).toBe(
					"string",
				);
			}
		}
		expectTypeOf<KnownApi>().toEqualTypeOf<
			"anthropic-messages" | "openai-responses" | "google-generative-ai" | "openai-completions"
		>();
		expectTypeOf<NonNullable<ModelCompat["anthropic-messages"]>["thinkingMode"]>().toEqualTypeOf<
			"budget" | "adaptive" | undefined
		>();
	});

	it("each provider's default model is one of its catalogue models", () => {
		for (const module of builtInWireApis()) {
			for (const [provider, entry] of Object.entries(module.providers ?? {})) {
				const preferred = (entry as { defaultModel?: string }).defaultModel;
				if (preferred === undefined) continue;
				expect(
					getModels(provider).map((model) => model.id),
					provider,
				).toContain(preferred);
				expect(getProviderDefaults(provider)?.defaultModel).toBe(preferred);
			}
		}
		expect(getProviderDefaults("anthropic")?.defaultModel).toBe("claude-sonnet-5-5");
	});

	it("a registered module's providers, keys and catalogue models become known to that registry", async () => {
		const registry = new ProviderRegistry();
		registerBuiltInProviders(registry);
		expect(getProviderDefaults("acme", registry)).toBeUndefined();
		expect(requiresApiKey("acme", registry)).toBe(false);

		const faux = createFauxProvider({ api: "acme-chat" });
		registry.registerWireApi(acmeModule(faux));
		expect(registry.wireApi("acme-chat")?.title).toBe("Acme Chat");
		expect(getProviderDefaults("acme", registry)).toMatchObject({
			api: "acme-chat",
			baseUrl: "https://api.acme.example/v2",
			apiKeyVariables: ["ACME_KEY", "ACME_TOKEN"],
			compat: { "acme-chat": { dialect: "b" } },
		});
		expect(apiKeyVariables("acme", registry)).toEqual(["ACME_KEY", "ACME_TOKEN"]);
		expect(getEnvApiKey("acme", { ACME_TOKEN: "t" }, registry)).toBe("t");
		expect(requiresApiKey("acme", registry)).toBe(true);
		expect(findModel("acme", "acme-large", registry)?.api).toBe("acme-chat");
		expect(getModels("acme", registry).map((model) => model.id)).toEqual(["acme-large"]);
		expect(getProviders(registry)).toContain("acme");
		// The default registry is untouched.
		expect(getProviderDefaults("acme")).toBeUndefined();

		faux.enqueue({ content: [fauxText("hello")] });
		const model = findModel("acme", "acme-large", registry);
		if (!model) throw new Error("unreachable");
		const message = await registry.complete(model, { messages: [] }, { apiKey: "acme-key" });
		expect(message.content).toEqual([{ type: "text", text: "hello" }]);
	});

	it("refuses a module whose provider speaks another API", () => {
		const registry = new ProviderRegistry();
		const module = acmeModule(createFauxProvider({ api: "other-api" }));
		expect(() => registry.registerWireApi(module)).toThrow(/created a provider for "other-api"/);
	});

	it("unregisters a module with its source id, and a re-registered built-in replaces the original", () => {
		const registry = new ProviderRegistry();
		registry.registerWireApi(acmeModule(), "plugin");
		registry.unregister("plugin");
		expect(registry.wireApis()).toEqual([]);
		expect(getProviderDefaults("acme", registry)).toBeUndefined();

		// A module registered for a built-in API takes the built-in's place in every lookup.
		const faux = createFauxProvider({ api: "anthropic-messages" });
		const replacement = defineWireApi({
			...anthropicMessages,
			providers: {
				anthropic: { name: "Anthropic via a gateway", baseUrl: "https://gateway.example/anthropic" },
			},
			createProvider: () => faux.provider,
		});
		registry.registerWireApi(replacement, "gateway");
		expect(knownWireApis(registry).filter((module) => module.api === "anthropic-messages")).toEqual([
			replacement,
		]);
		expect(knownWireApis(registry).map((module) => module.api)).toEqual(
			builtInWireApis().map((module) => module.api),
		);
		expect(getProviderDefaults("anthropic", registry)?.baseUrl).toBe("https://gateway.example/anthropic");
		expect(getProviderDefaults("anthropic")?.baseUrl).toBe("https://api.anthropic.com");
		registry.unregister("gateway");
		expect(getProviderDefaults("anthropic", registry)?.baseUrl).toBe("https://api.anthropic.com");
	});
});

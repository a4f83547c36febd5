import { describe, expect, it } from "vitest";
import { ModelsFileError } from "../../src/models-file/models-file-error.js";
import { validateModelsFile } from "../../src/models-file/validate-models-file.js";
import { ProviderRegistry } from "../../src/registry.js";
import { echoWireApi } from "./echo-wire-api.js";

const FILE = "/home/me/.kestrel/models.json";

function rejection(value: unknown, registry = new ProviderRegistry()): ModelsFileError {
	try {
		validateModelsFile(value, FILE, registry);
	} catch (error) {
		expect(error).toBeInstanceOf(ModelsFileError);
		return error as ModelsFileError;
	}
	throw new Error("expected the file to be rejected");
}

const server = (extra: Record<string, unknown> = {}, model: Record<string, unknown> = {}) => ({
	baseUrl: "http://localhost:8000/v1",
	api: "openai-completions",
	...extra,
	models: [{ id: "m", ...model }],
});

describe("validateModelsFile", () => {
	it("accepts a provider with a base URL, an API, an env-var key and models, and a packages list", () => {
		const file = { packages: ["@acme/provider-echo"], providers: { local: server({ apiKey: "$KEY" }) } };
		expect(validateModelsFile(file, FILE, new ProviderRegistry())).toEqual(file);
		expect(validateModelsFile({}, FILE, new ProviderRegistry())).toEqual({ providers: {} });
	});

	it("names the file and the dotted key of each problem, and says what to do", () => {
		const error = rejection({
			providers: {
				local: {
					baseUrl: "http://x/v1",
					api: "openai-completions",
					models: [{ id: "m", contextWindow: "big" }],
				},
			},
		});
		expect(error.file).toBe(FILE);
		expect(error.message).toContain(`Invalid models file ${FILE}:`);
		expect(error.problems).toEqual(['"providers.local.models.0.contextWindow": must be integer']);
		expect(error.message).toContain("Fix the keys above. The format is:");
	});

	it("reports unknown keys and a missing models list", () => {
		const error = rejection({
			providers: { local: { baseUrl: "http://x/v1", api: "openai-completions", url: "y" } },
		});
		expect(error.problems).toEqual([
			'"providers.local": must have required properties models',
			'"providers.local.url": unknown key; remove it',
		]);
	});

	it("takes an api only when a wire API module speaks it, and lists the registered ones", () => {
		const registry = new ProviderRegistry();
		const file = { providers: { mine: server({ api: "echo-stream" }) } };
		expect(rejection(file, registry).problems).toEqual([
			'"providers.mine.api": must be one of "anthropic-messages", "openai-responses", "google-generative-ai", "openai-completions" ' +
				'(the registered wire APIs; the API of a provider package is known once the package is loaded: list it in "packages")',
		]);
		registry.registerWireApi(echoWireApi, "test");
		expect(validateModelsFile(file, FILE, registry).providers.mine?.api).toBe("echo-stream");
		expect(rejection({ providers: { mine: server({ api: "soap" }) } }, registry).problems[0]).toContain(
			'"openai-completions", "echo-stream" (the registered wire APIs',
		);
	});

	it("checks each provider's and model's compat flags against the schema of its own API", () => {
		const registry = new ProviderRegistry();
		registry.registerWireApi(echoWireApi, "test");
		// A provider package's flags validate with no change to Kestrel.
		const echo = { baseUrl: "https://echo.example/v1", api: "echo-stream" };
		expect(() =>
			validateModelsFile(
				{
					providers: {
						e: { ...echo, compat: { shout: true }, models: [{ id: "m", compat: { dialect: "fancy" } }] },
					},
				},
				FILE,
				registry,
			),
		).not.toThrow();
		const error = rejection(
			{
				providers: {
					e: {
						...echo,
						compat: { shout: "yes" },
						models: [{ id: "m", compat: { dialect: "posh", thinkTags: "leading" } }],
					},
					claude: {
						baseUrl: "https://gateway.example",
						api: "anthropic-messages",
						models: [{ id: "c", compat: { thinkTags: "leading" } }],
					},
					gemini: {
						baseUrl: "https://gateway.example/v1beta",
						api: "google-generative-ai",
						compat: { thinkingMode: "adaptive" },
						models: [{ id: "g" }],
					},
				},
			},
			registry,
		);
		expect(error.problems).toEqual([
			'"providers.e.compat.shout": must be boolean',
			'"providers.e.models.0.compat.thinkTags": not a compat flag of echo-stream (its flags are shout, dialect); remove it',
			'"providers.e.models.0.compat.dialect": must be one of "plain", "fancy"',
			'"providers.claude.models.0.compat.thinkTags": not a compat flag of anthropic-messages (its flags are thinkingMode); remove it',
			'"providers.gemini.compat.thinkingMode": must be one of "budget", "level"',
		]);
	});

	it("refuses negative prices, unknown thinking levels and unknown openai-completions flags", () => {
		const problems = (model: Record<string, unknown>, compat: Record<string, unknown> = {}) =>
			rejection({ providers: { local: server({ compat }, model) } }).problems;
		expect(problems({}, { streaming: false })).toEqual([
			'"providers.local.compat.streaming": not a compat flag of openai-completions (its flags are maxTokensField, systemRole, supportsUsageInStreaming, supportsReasoningEffort, supportsStore, reasoningField, toolCallIdFormat, thinkTags); remove it',
		]);
		expect(problems({ cost: { input: -1 } })).toEqual([
			'"providers.local.models.0.cost.input": must be >= 0',
		]);
		expect(problems({ thinkingLevels: ["max"] })).toEqual([
			'"providers.local.models.0.thinkingLevels.0": must be one of "off", "minimal", "low", "medium", "high", "xhigh"',
		]);
	});

	it("says when TypeBox stopped checking early, and never drops a bad choice it did see", () => {
		const error = rejection({
			providers: {
				local: {
					baseUrl: 5,
					api: "openai-completions",
					extra: 1,
					models: [{ id: "m", cost: { input: -1, output: -1 }, thinkingLevels: ["max"], input: ["audio"] }],
				},
			},
		});
		expect(error.message).toContain('"providers.local.models.0.thinkingLevels.0": must be one of "off"');
		expect(error.problems.at(-1)).toBe("(checking stopped here: there may be more)");
	});
});

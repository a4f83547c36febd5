import { fileURLToPath } from "node:url";
import {
	compatFlagsTable,
	findModel,
	getProviderDefaults,
	knownSecretVariables,
	loadProviderPackages,
	ProviderRegistry,
	validateModel,
	validateModelsFile,
	wireApisOf,
} from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { resolveCompat } from "../src/compat-flags.js";
import * as bedrockPackage from "../src/index.js";
import { BEDROCK_MODELS, bedrockConverseStream, DEFAULT_BASE_URL } from "../src/index.js";
import { encodeBedrockStream } from "../src/testing/index.js";
import { HELLO, useWireServer } from "./fixtures.js";

const wire = useWireServer();
const PACKAGE_FOLDER = fileURLToPath(new URL("..", import.meta.url));

describe("the wire API module", () => {
	it("is the one wire API module the package exports, complete by Kestrel's rule", () => {
		expect(wireApisOf(bedrockPackage as Record<string, unknown>)).toEqual([bedrockConverseStream]);
		expect(bedrockConverseStream.api).toBe("bedrock-converse-stream");
		expect(bedrockConverseStream.auth.kind).toBe("credentials");
	});

	it("registered, it makes amazon-bedrock a provider with the default endpoint and its models findable", () => {
		const registry = new ProviderRegistry();
		expect(getProviderDefaults("amazon-bedrock", registry)).toBeUndefined();
		registry.registerWireApi(bedrockConverseStream, "test");
		expect(getProviderDefaults("amazon-bedrock", registry)).toMatchObject({
			name: "Amazon Bedrock",
			api: "bedrock-converse-stream",
			baseUrl: DEFAULT_BASE_URL,
			apiKeyVariables: [],
		});
		const id = "global.anthropic.claude-sonnet-4-6";
		expect(findModel("amazon-bedrock", id, registry)).toEqual(
			BEDROCK_MODELS.find((model) => model.id === id),
		);
		expect(knownSecretVariables(registry)).toEqual(
			expect.arrayContaining(["AWS_BEARER_TOKEN_BEDROCK", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"]),
		);
	});

	it("a models.json names the API and its compat flags, checked against the module's schema", () => {
		const registry = new ProviderRegistry();
		registry.registerWireApi(bedrockConverseStream, "test");
		const file = (compat: Record<string, unknown>) => ({
			providers: {
				gateway: {
					api: "bedrock-converse-stream",
					baseUrl: "https://bedrock-gw.example.com",
					compat,
					models: [{ id: "anthropic.claude-haiku-4-5-20251001-v1:0" }],
				},
			},
		});
		expect(() =>
			validateModelsFile(file({ region: "eu-west-1", cachePoints: "all" }), "models.json", registry),
		).not.toThrow();
		expect(() => validateModelsFile(file({ cachePoints: "everywhere" }), "models.json", registry)).toThrow(
			/cachePoints/,
		);
		expect(() => validateModelsFile(file({ regoin: "eu-west-1" }), "models.json", registry)).toThrow(
			/regoin/,
		);
	});

	it("every compat flag has a description for the docs table", () => {
		const table = compatFlagsTable(bedrockConverseStream);
		for (const flag of ["region", "thinking", "cachePoints", "toolResultStatus", "streamingToolUse"])
			expect(table).toContain(`\`${flag}\``);
	});

	it("every catalogue model is valid, on the default endpoint, with a price", () => {
		expect(BEDROCK_MODELS.length).toBeGreaterThan(0);
		for (const model of BEDROCK_MODELS) {
			expect(validateModel(model), model.id).toEqual([]);
			expect(model).toMatchObject({
				api: "bedrock-converse-stream",
				provider: "amazon-bedrock",
				baseUrl: DEFAULT_BASE_URL,
			});
			expect(model.cost.input, model.id).toBeGreaterThan(0);
		}
		expect(new Set(BEDROCK_MODELS.map((model) => model.id)).size).toBe(BEDROCK_MODELS.length);
		const defaultModel = bedrockConverseStream.providers?.["amazon-bedrock"].defaultModel;
		expect(BEDROCK_MODELS.map((model) => model.id)).toContain(defaultModel);
	});
});

describe("loading the package as kestrel does", () => {
	it("loadProviderPackages imports the built package by its path, registers the module, and a request streams", async () => {
		const registry = new ProviderRegistry();
		const [loaded] = await loadProviderPackages([{ spec: PACKAGE_FOLDER }], {
			from: [PACKAGE_FOLDER],
			registry,
		});
		expect(loaded?.modules.map((module) => module.api)).toEqual(["bedrock-converse-stream"]);
		wire.server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "Loaded." }] }));
		const model = {
			...(findModel("amazon-bedrock", "amazon.nova-lite-v1:0", registry) as NonNullable<
				ReturnType<typeof findModel>
			>),
			baseUrl: wire.server.url,
			compat: { "bedrock-converse-stream": { region: "us-east-1" } },
		};
		const message = await registry.complete(model, HELLO, { apiKey: "bedrock-api-key", maxRetries: 0 });
		expect(message.stopReason, message.errorMessage).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "Loaded." }]);
		expect(wire.server.requests[0]?.headers.authorization).toBe("Bearer bedrock-api-key");
	});
});

describe("the catalogue's Llama and Mistral models", () => {
	it("send their tool turns without streaming (Bedrock refuses streamed tool use for them)", () => {
		const ids = ["us.meta.llama4-maverick-17b-instruct-v1:0", "mistral.mistral-large-2407-v1:0"];
		for (const id of ids) {
			const model = BEDROCK_MODELS.find((candidate) => candidate.id === id);
			expect(model, id).toBeDefined();
			if (model === undefined) continue;
			expect(resolveCompat(model).streamingToolUse, id).toBe(false);
		}
	});
});

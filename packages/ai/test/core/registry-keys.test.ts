import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import {
	ANTHROPIC_MESSAGES_REPLAY,
	defineWireApi,
	ProviderRegistry,
	registerWireApi,
	stream,
	unregisterProviders,
} from "../../src/index.js";
import { createFauxProvider, type FauxProvider, fauxText } from "../../src/testing/index.js";
import { useClearedEnv } from "../support/env.js";

useClearedEnv(["KEYTEST_KEY", "KEYTEST_TOKEN"]);

/** A third-party wire API module whose hosted provider reads KEYTEST_KEY, then KEYTEST_TOKEN. */
function keyTestModule(faux: FauxProvider) {
	return defineWireApi({
		api: "key-test",
		title: "Key Test",
		compat: Type.Object({ dialect: Type.Optional(Type.String()) }),
		auth: { kind: "key" },
		providers: {
			"key-test-cloud": {
				name: "Key Test Cloud",
				baseUrl: "https://api.key-test.example",
				apiKeyVariables: ["KEYTEST_KEY", "KEYTEST_TOKEN"],
			},
			"key-test-local": { name: "Key Test Local", baseUrl: "http://127.0.0.1:9", local: true },
		},
		createProvider: () => faux.provider,
		replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
	});
}

function setUp() {
	const faux = createFauxProvider({ api: "key-test" });
	const registry = new ProviderRegistry();
	registry.registerWireApi(keyTestModule(faux));
	return { faux, registry, model: faux.model({ api: "key-test", provider: "key-test-cloud" }) };
}

describe("ProviderRegistry.stream: the key from the environment", () => {
	it("passes the implementation the key from the first variable the provider's module names that is set", async () => {
		const { faux, registry, model } = setUp();
		process.env.KEYTEST_TOKEN = "token-from-env";
		faux.enqueue({ content: [fauxText("hi")] });
		const message = await registry.complete(model, { messages: [] });
		expect(message.stopReason).toBe("stop");
		expect(faux.requests[0]?.options.apiKey).toBe("token-from-env");

		process.env.KEYTEST_KEY = "key-from-env";
		faux.enqueue({ content: [fauxText("hi")] });
		await registry.complete(model, { messages: [] });
		expect(faux.requests[1]?.options.apiKey).toBe("key-from-env");
	});

	it("prefers options.apiKey over the environment", async () => {
		const { faux, registry, model } = setUp();
		process.env.KEYTEST_KEY = "key-from-env";
		faux.enqueue({ content: [fauxText("hi")] });
		await registry.complete(model, { messages: [] }, { apiKey: "from-caller" });
		expect(faux.requests[0]?.options.apiKey).toBe("from-caller");
	});

	it("ends with kind auth naming the variables, without calling the implementation, when none is set", async () => {
		const { faux, registry, model } = setUp();
		const events: string[] = [];
		const response = registry.stream(model, { messages: [] });
		for await (const event of response) events.push(event.type);
		const message = await response.result();
		expect(events).toEqual(["start", "error"]);
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain('"key-test-cloud"');
		expect(message.errorMessage).toContain("KEYTEST_KEY or KEYTEST_TOKEN");
		expect(faux.requests).toHaveLength(0);
	});

	it("sends a local provider of the module, and a provider no module declares, without a key", async () => {
		const { faux, registry } = setUp();
		for (const provider of ["key-test-local", "my-own-proxy"]) {
			faux.enqueue({ content: [fauxText("hi")] });
			const message = await registry.complete(faux.model({ api: "key-test", provider }), { messages: [] });
			expect(message.stopReason).toBe("stop");
		}
		expect(faux.requests.map((request) => request.options.apiKey)).toEqual([undefined, undefined]);
	});

	it("reads only the modules of its own registry: the default registry's stream() does not see this one's", async () => {
		const { faux, model } = setUp();
		process.env.KEYTEST_KEY = "key-from-env";
		const message = await stream(model, { messages: [] }).result();
		expect(message.errorMessage).toContain("No provider is registered");
		expect(faux.requests).toHaveLength(0);
	});

	it("stream() finds the key of a provider declared by a module registered in the default registry", async () => {
		const faux = createFauxProvider({ api: "key-test" });
		registerWireApi(keyTestModule(faux), "registry-keys-test");
		try {
			const model = faux.model({ api: "key-test", provider: "key-test-cloud" });
			const missing = await stream(model, { messages: [] }).result();
			expect(missing.error?.kind).toBe("auth");
			expect(missing.errorMessage).toContain("KEYTEST_KEY or KEYTEST_TOKEN");

			process.env.KEYTEST_KEY = "key-from-env";
			faux.enqueue({ content: [fauxText("hi")] });
			const message = await stream(model, { messages: [] }).result();
			expect(message.stopReason).toBe("stop");
			expect(faux.requests.map((request) => request.options.apiKey)).toEqual(["key-from-env"]);
		} finally {
			unregisterProviders("registry-keys-test");
		}
	});
});

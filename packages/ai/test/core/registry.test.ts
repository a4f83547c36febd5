import { describe, expect, it } from "vitest";
import { ProviderRegistry } from "../../src/registry.js";
import { createFauxProvider, fauxText } from "../../src/testing/faux-provider.js";
import type { ProviderImplementation } from "../../src/types.js";

describe("ProviderRegistry", () => {
	it("starts empty: creating one registers nothing", () => {
		expect(new ProviderRegistry().apis()).toEqual([]);
	});

	it("an unknown api gives an error event, not a throw", async () => {
		const registry = new ProviderRegistry();
		const faux = createFauxProvider();
		const stream = registry.stream(faux.model({ api: "nope" }), { messages: [] });
		const types: string[] = [];
		for await (const event of stream) types.push(event.type);
		expect(types).toEqual(["start", "error"]);
		const result = await stream.result();
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toContain('"nope"');
		expect(result.errorMessage).toContain("registerBuiltInProviders");
	});

	it("unregister removes exactly the implementations of one sourceId", () => {
		const registry = new ProviderRegistry();
		registry.register(createFauxProvider({ api: "a" }).provider, "plugin-1");
		registry.register(createFauxProvider({ api: "b" }).provider, "plugin-2");
		registry.register(createFauxProvider({ api: "c" }).provider);
		registry.unregister("plugin-1");
		expect(registry.apis().sort()).toEqual(["b", "c"]);
	});

	it("registering an api again replaces the earlier implementation", async () => {
		const registry = new ProviderRegistry();
		const first = createFauxProvider();
		const second = createFauxProvider();
		second.enqueue({ content: [fauxText("from second")] });
		registry.register(first.provider);
		registry.register(second.provider);
		const message = await registry.complete(second.model(), { messages: [] });
		expect(message.content).toEqual([{ type: "text", text: "from second" }]);
		expect(first.requests).toHaveLength(0);
	});

	it("an implementation that throws instead of returning a stream gives an error event", async () => {
		const registry = new ProviderRegistry();
		const broken: ProviderImplementation = {
			api: "broken",
			stream: () => {
				throw new Error("kaboom");
			},
		};
		registry.register(broken);
		const message = await registry.complete(createFauxProvider().model({ api: "broken" }), { messages: [] });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("kaboom");
	});
});

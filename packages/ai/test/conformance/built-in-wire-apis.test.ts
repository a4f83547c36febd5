import { describe, expect, it } from "vitest";
import { builtInWireApis } from "../../src/providers/built-in-wire-apis.js";
import { registerBuiltInProviders } from "../../src/providers/register-built-ins.js";
import { ProviderRegistry } from "../../src/registry.js";
import { conformanceCases, wireApiTestKits } from "../../src/testing/index.js";

// Every built-in wire API runs the shared conformance suite with the test kit its own
// module names: the suite is derived from the modules, not listed here.
const registry = new ProviderRegistry();
registerBuiltInProviders(registry);
const kits = await wireApiTestKits(registry);

describe("the built-in modules' test kits", () => {
	it("every built-in module has one, whose target speaks its API", () => {
		expect([...kits.keys()]).toEqual(builtInWireApis().map((module) => module.api));
		for (const [api, kit] of kits) expect(kit.conformance.api).toBe(api);
	});
});

for (const [api, kit] of kits) {
	describe(`${api} conformance`, () => {
		for (const c of conformanceCases(kit.conformance)) it(c.name, c.run, c.timeoutMs);
	});
}

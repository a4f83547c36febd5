import { ProviderRegistry } from "@kestrel/ai";
import { conformanceCases, wireApiTestKits } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { bedrockConverseStream } from "../src/index.js";

// The suite runs from the test kit the module names, as a host running every registered API would.
const registry = new ProviderRegistry();
registry.registerWireApi(bedrockConverseStream, "test");
const kit = (await wireApiTestKits(registry)).get("bedrock-converse-stream");

describe("conformance: Bedrock ConverseStream through the real AWS SDK", () => {
	it("the module names its test kit, whose target speaks its API", () => {
		expect(kit?.conformance.api).toBe("bedrock-converse-stream");
		expect(kit?.handoff?.map((api) => api.name)).toEqual(["bedrock"]);
	});
	for (const c of kit ? conformanceCases(kit.conformance) : []) it(c.name, c.run, c.timeoutMs);
});

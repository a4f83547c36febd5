import { ProviderRegistry } from "@kestrel/ai";
import { builtInHandoffApis, handoffCases, wireApiTestKits } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { bedrockConverseStream } from "../src/index.js";

// Bedrock's entry comes from the test kit its module names.
const registry = new ProviderRegistry();
registry.registerWireApi(bedrockConverseStream, "test");
const bedrock = (await wireApiTestKits(registry)).get("bedrock-converse-stream")?.handoff ?? [];

describe("handoff matrix: Bedrock against the four built-in APIs, both ways", () => {
	// Each row: a conversation with thinking, tool calls, an image, an unanswered call and an
	// aborted turn made on one API and continued on the other, then handed back. Ids valid and
	// paired, no foreign signatures; back on the producer its own signatures return byte-for-byte.
	it("the module's test kit has Bedrock's handoff entry", () => {
		expect(bedrock.map((api) => api.name)).toEqual(["bedrock"]);
	});
	const apis = [...builtInHandoffApis(), ...bedrock];
	for (const row of handoffCases(apis, { involving: "bedrock" })) it(row.name, row.run);
});

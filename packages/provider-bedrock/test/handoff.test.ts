import { builtInHandoffApis, handoffCases } from "@kestrel/ai/testing";
import { describe, it } from "vitest";
import { bedrockHandoffApi } from "../src/testing/index.js";

describe("handoff matrix: Bedrock against the four built-in APIs, both ways", () => {
	// Each row: a conversation with thinking, tool calls, an image, an unanswered call and an
	// aborted turn made on one API and continued on the other, then handed back. Ids valid and
	// paired, no foreign signatures; back on the producer its own signatures return byte-for-byte.
	const apis = [...builtInHandoffApis(), bedrockHandoffApi()];
	for (const row of handoffCases(apis, { involving: "bedrock" })) it(row.name, row.run);
});

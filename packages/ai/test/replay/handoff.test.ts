import { describe, it } from "vitest";
import { builtInHandoffApis, handoffCases } from "../../src/testing/handoff/index.js";

describe("handoff matrix: a conversation with thinking and tool calls produced on one API, continued on another", () => {
	// Each row: ids valid, unique and paired, every call answered, roles in order, no
	// foreign signatures; back on the producer its own signatures return byte-for-byte.
	for (const row of handoffCases(builtInHandoffApis())) it(row.name, row.run);
});

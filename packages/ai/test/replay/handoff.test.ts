import { describe, it } from "vitest";
import { registerBuiltInProviders } from "../../src/providers/register-built-ins.js";
import { ProviderRegistry } from "../../src/registry.js";
import { handoffCases, wireApiTestKits } from "../../src/testing/index.js";

const registry = new ProviderRegistry();
registerBuiltInProviders(registry);
const apis = [...(await wireApiTestKits(registry)).values()].flatMap((kit) => kit.handoff ?? []);

describe("handoff matrix: a conversation with thinking and tool calls produced on one API, continued on another", () => {
	// Each row: ids valid, unique and paired, every call answered, roles in order, no
	// foreign signatures; back on the producer its own signatures return byte-for-byte.
	for (const row of handoffCases(apis)) it(row.name, row.run);
});

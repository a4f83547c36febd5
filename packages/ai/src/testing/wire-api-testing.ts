import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import type { ConformanceTarget } from "./conformance/target.js";
import type { HandoffApi } from "./handoff/handoff-api.js";

/**
 * What a wire API module gives the shared test suites (its `testing()`): the conformance
 * target (its wire encoder, error responses and where it differs) and its entries in the
 * handoff matrix.
 */
export interface WireApiTesting {
	conformance: ConformanceTarget;
	/** The API as a producer and a target of the handoff matrix, one entry per server flavour. */
	handoff?: HandoffApi[];
}

/**
 * The test kits of the wire API modules registered in `registry` (default: the default
 * registry) that have one, keyed by API. A host that registered provider packages runs the
 * same suites over every API it can call:
 *
 * ```ts
 * registerBuiltInProviders();
 * registerWireApi(bedrockConverseStream);
 * const kits = await wireApiTestKits();
 * for (const [api, kit] of kits) for (const c of conformanceCases(kit.conformance)) test(`${api}: ${c.name}`, c.run);
 * ```
 */
export async function wireApiTestKits(
	registry: ProviderRegistry = defaultRegistry,
): Promise<Map<string, WireApiTesting>> {
	const kits = new Map<string, WireApiTesting>();
	for (const module of registry.wireApis()) {
		if (module.testing) kits.set(module.api, await module.testing());
	}
	return kits;
}

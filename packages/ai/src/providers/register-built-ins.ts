import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import { builtInWireApis } from "./built-in-wire-apis.js";

/** The `sourceId` of the built-in implementations, for `unregisterProviders`. */
export const BUILT_IN_SOURCE_ID = "@kestrel/ai:built-in";

/**
 * Registers every wire API that ships with Kestrel: `anthropic-messages`,
 * `openai-responses`, `google-generative-ai` and `openai-completions`. Their SDKs are
 * still loaded only when an API is first used. Call once at startup; calling again is
 * harmless.
 */
export function registerBuiltInProviders(registry: ProviderRegistry = defaultRegistry): void {
	for (const module of builtInWireApis()) registry.registerWireApi(module, BUILT_IN_SOURCE_ID);
}

import { ProviderRegistry } from "./registry.js";
import type {
	AssistantMessage,
	AssistantMessageEventStream,
	Context,
	Model,
	ProviderImplementation,
	StreamOptions,
} from "./types.js";
import type { WireApi } from "./wire-api/wire-api.js";

/**
 * The registry behind the top-level functions. It starts empty: call
 * `registerBuiltInProviders()` (or `registerProvider`) once at startup. Tests and apps
 * that want isolation create their own `ProviderRegistry`.
 */
export const defaultRegistry = new ProviderRegistry();

/** Registers a wire API implementation in the default registry. */
export function registerProvider(provider: ProviderImplementation, sourceId?: string): void {
	defaultRegistry.register(provider, sourceId);
}

/**
 * Registers a wire API module in the default registry, e.g. a provider package's:
 * `registerWireApi(bedrockConverseStream)`. Its providers, key variables and catalogue
 * models become known to `defineModel`, `getProviderDefaults` and `findModel`.
 */
export function registerWireApi(module: WireApi, sourceId?: string): void {
	defaultRegistry.registerWireApi(module, sourceId);
}

/** Removes every implementation registered with `sourceId` from the default registry. */
export function unregisterProviders(sourceId: string): void {
	defaultRegistry.unregister(sourceId);
}

/**
 * Streams one response from `model`. Returns at once; never throws. Every failure ends
 * the stream with an `error` event whose message carries a typed `error`.
 */
export function stream(model: Model, context: Context, options?: StreamOptions): AssistantMessageEventStream {
	return defaultRegistry.stream(model, context, options);
}

/** The final message of {@link stream}. Never rejects: failures have `stopReason: "error"`. */
export function complete(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage> {
	return defaultRegistry.complete(model, context, options);
}

import { AssistantEventStream, emptyAssistantMessage } from "./event-stream.js";
import { resolveApiKey } from "./provider-keys.js";
import type {
	Api,
	AssistantMessage,
	AssistantMessageEventStream,
	Context,
	Model,
	ProviderError,
	ProviderImplementation,
	StreamOptions,
} from "./types.js";
import type { WireApi } from "./wire-api/wire-api.js";

interface Registration {
	provider: ProviderImplementation;
	/** The module the implementation came from, when it was registered as one. */
	module: WireApi | undefined;
	sourceId: string | undefined;
}

/**
 * Maps each wire API to the implementation that streams it and, when it was registered as
 * a {@link WireApi} module, to the module that describes it (compat schema, providers,
 * replay rules, catalogue models). Registering an API again replaces the earlier
 * registration; `sourceId` lets a plugin remove exactly what it added. Creating a
 * registry has no effects; nothing registers itself on import.
 */
export class ProviderRegistry {
	private readonly byApi = new Map<Api, Registration>();

	/**
	 * Registers a bare implementation: it streams, but no module describes its compat
	 * flags, providers or models. Prefer {@link registerWireApi}.
	 */
	register(provider: ProviderImplementation, sourceId?: string): void {
		this.byApi.set(provider.api, { provider, module: undefined, sourceId });
	}

	/** Registers a wire API module: its implementation (created now) and its description. */
	registerWireApi(module: WireApi, sourceId?: string): void {
		const provider = module.createProvider();
		if (provider.api !== module.api) {
			throw new Error(
				`The wire API module "${module.api}" created a provider for "${provider.api}"; they must be the same.`,
			);
		}
		this.byApi.set(module.api, { provider, module, sourceId });
	}

	/** The module registered for `api`; undefined for an unknown API or a bare implementation. */
	wireApi(api: Api): WireApi | undefined {
		return this.byApi.get(api)?.module;
	}

	/** Every registered module, in registration order. */
	wireApis(): WireApi[] {
		return [...this.byApi.values()].flatMap(({ module }) => (module ? [module] : []));
	}

	/** Removes every implementation registered with this `sourceId`. */
	unregister(sourceId: string): void {
		for (const [api, registration] of this.byApi) {
			if (registration.sourceId === sourceId) this.byApi.delete(api);
		}
	}

	get(api: Api): ProviderImplementation | undefined {
		return this.byApi.get(api)?.provider;
	}

	apis(): Api[] {
		return [...this.byApi.keys()];
	}

	/**
	 * Streams one response. Never throws: an unknown API, or an implementation that
	 * throws instead of returning its stream, gives a stream that ends with `error`.
	 *
	 * Without `options.apiKey`, the key is read from the environment variables that the
	 * module declaring `model.provider` names (the first registered module that declares
	 * it) and passed to the implementation as `apiKey`; a hosted provider whose variables
	 * are all unset ends with a `kind: "auth"` error naming them, before anything is sent.
	 */
	stream(model: Model, context: Context, options: StreamOptions = {}): AssistantMessageEventStream {
		const provider = this.byApi.get(model.api)?.provider;
		if (!provider) {
			const known = this.apis().join(", ") || "none";
			return failedStream(
				model,
				`No provider is registered for the API "${model.api}" (registered: ${known}). ` +
					"Call registerBuiltInProviders(), or registerWireApi() with the module of a provider package, first.",
			);
		}
		const key = resolveApiKey(model.provider, options.apiKey, this.wireApis());
		if (key.missing !== undefined) return failedStream(model, key.missing, { kind: "auth" });
		const withKey = key.apiKey === options.apiKey ? options : { ...options, apiKey: key.apiKey };
		try {
			return provider.stream(model, context, withKey);
		} catch (error) {
			return failedStream(
				model,
				`The ${model.api} provider threw: ${(error as Error)?.message ?? String(error)}`,
			);
		}
	}

	/** The final message of {@link stream}: `stream(...).result()`, one code path. */
	complete(model: Model, context: Context, options: StreamOptions = {}): Promise<AssistantMessage> {
		return this.stream(model, context, options).result();
	}
}

function failedStream(
	model: Model,
	errorMessage: string,
	error: ProviderError = { kind: "invalid_request" },
): AssistantMessageEventStream {
	const stream = new AssistantEventStream(model);
	const message: AssistantMessage = {
		...emptyAssistantMessage(model),
		stopReason: "error",
		errorMessage,
		error,
	};
	stream.push({ type: "start", partial: message });
	stream.push({ type: "error", reason: "error", message });
	return stream;
}

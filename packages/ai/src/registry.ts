import { AssistantEventStream, emptyAssistantMessage } from "./event-stream.js";
import type {
	Api,
	AssistantMessage,
	AssistantMessageEventStream,
	Context,
	Model,
	ProviderImplementation,
	StreamOptions,
} from "./types.js";

interface Registration {
	provider: ProviderImplementation;
	sourceId: string | undefined;
}

/**
 * Maps each wire API to the implementation that streams it. Registering an API again
 * replaces the earlier implementation; `sourceId` lets a plugin remove exactly what it
 * added. Creating a registry has no effects; nothing registers itself on import.
 */
export class ProviderRegistry {
	private readonly byApi = new Map<Api, Registration>();

	register(provider: ProviderImplementation, sourceId?: string): void {
		this.byApi.set(provider.api, { provider, sourceId });
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
	 */
	stream(model: Model, context: Context, options: StreamOptions = {}): AssistantMessageEventStream {
		const provider = this.byApi.get(model.api)?.provider;
		if (!provider) {
			const known = this.apis().join(", ") || "none";
			return failedStream(
				model,
				`No provider is registered for the API "${model.api}" (registered: ${known}). ` +
					"Call registerBuiltInProviders() or registerProvider() first.",
			);
		}
		try {
			return provider.stream(model, context, options);
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

function failedStream(model: Model, errorMessage: string): AssistantMessageEventStream {
	const stream = new AssistantEventStream(model);
	const message: AssistantMessage = {
		...emptyAssistantMessage(model),
		stopReason: "error",
		errorMessage,
		error: { kind: "invalid_request" },
	};
	stream.push({ type: "start", partial: message });
	stream.push({ type: "error", reason: "error", message });
	return stream;
}

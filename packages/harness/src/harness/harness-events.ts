import type { SecretRedactor } from "../secrets/secret-redactor.js";
import { redactEvent } from "./redact-event.js";
import type { HarnessEvent, HarnessListener } from "./types.js";

/**
 * The harness's listeners: each event is redacted, then handed to every listener in
 * subscription order, each awaited before the next. A listener that throws ends the run:
 * the throw is kept (`listenerFailure`) for the run to report, and rethrown to the caller
 * that emitted.
 */
export class HarnessEvents {
	private readonly listeners = new Set<HarnessListener>();
	private failure: { error: unknown } | undefined;

	constructor(private readonly redactor: SecretRedactor | undefined) {}

	/** Adds a listener; returns the function that removes it. */
	subscribe(listener: HarnessListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	async emit(event: HarnessEvent): Promise<void> {
		redactEvent(event, this.redactor);
		for (const listener of this.listeners) {
			try {
				const pending = listener(event);
				if (pending) await pending;
			} catch (error) {
				this.failure ??= { error };
				throw error;
			}
		}
	}

	/** The first listener throw since the last call, if any; clears it. */
	takeListenerFailure(): { error: unknown } | undefined {
		const failure = this.failure;
		this.failure = undefined;
		return failure;
	}
}

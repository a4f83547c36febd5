import type { RunListener } from "@kestrel/agent-core";

/**
 * Remembers a listener's throw, so that the run can tell it from its own failures: a
 * failure of the run (a session write, the provider) is its outcome, but a listener's
 * throw is the app's own error and the verb rejects with it.
 */
export class ListenerFailures {
	private failure: { error: unknown } | undefined;

	/** `listener`, with its throws (and rejections) noted before they go on. */
	watch<TEvent>(listener: RunListener<TEvent>): RunListener<TEvent> {
		const note = (error: unknown): never => {
			this.failure ??= { error };
			throw error;
		};
		return (event, signal) => {
			try {
				const pending = listener(event, signal);
				return pending ? pending.then(undefined, note) : undefined;
			} catch (error) {
				return note(error);
			}
		};
	}

	/** The first listener throw since the last call, if any; clears it. */
	take(): { error: unknown } | undefined {
		const failure = this.failure;
		this.failure = undefined;
		return failure;
	}
}

/** Machine-readable codes of {@link HarnessError}. */
export type HarnessErrorCode =
	| "busy"
	| "nothing_to_continue"
	| "compaction_ineffective"
	/** The system prompt and tool definitions alone do not fit the model's context window. */
	| "context_too_small"
	| "disposed";

/** Misuse of the harness, or a run it had to stop; the message says what to do. */
export class HarnessError extends Error {
	constructor(
		readonly code: HarnessErrorCode,
		message: string,
	) {
		super(message);
		this.name = "HarnessError";
	}
}

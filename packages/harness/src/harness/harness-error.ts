import { AgentError, type AgentErrorCode } from "@kestrel/agent-core";

/**
 * Machine-readable codes of {@link HarnessError}: the run shell's misuse codes (`busy`,
 * `nothing_to_continue`, `disposed`, see `AgentErrorCode`) and the harness's own stops,
 * which reach the caller as the run's error outcome (`error.code`), never as a rejection.
 */
export type HarnessErrorCode =
	| AgentErrorCode
	/** Two compactions in a row left the context over the limit. */
	| "compaction_ineffective"
	/** The system prompt and tool definitions alone do not fit the model's context window. */
	| "context_too_small";

/**
 * Misuse of the harness (an `AgentError`, so code that handles an `Agent`'s misuse
 * handles the harness's too), or the reason a run had to stop; the message says what to do.
 */
export class HarnessError extends AgentError<HarnessErrorCode> {
	constructor(code: HarnessErrorCode, message: string) {
		super(code, message);
		this.name = "HarnessError";
	}
}

/**
 * Machine-readable codes of the run shell's misuse errors (see {@link AgentError}):
 * - `busy`: a run (or other exclusive work) is in progress. Queue the message with
 *   `steer()` or `followUp()`, or `abort()` and `await waitForIdle()` first.
 * - `nothing_to_continue`: `continue()` found neither a transcript it can resume (one
 *   that ends with a user message, a tool result or a custom message) nor a queued
 *   message. Send a prompt instead.
 * - `disposed`: the owner was disposed; create a new one.
 */
export type AgentErrorCode = "busy" | "nothing_to_continue" | "disposed";

/**
 * Misuse of an `Agent` (or of anything built on the run shell, such as `AgentHarness`):
 * thrown (or rejected with) synchronously, before anything changed. Branch on `code`, not
 * on the message; the message says what to do.
 *
 * `TCode` is open so that an owner can extend it with its own codes while keeping these:
 * `class HarnessError extends AgentError<AgentErrorCode | "context_too_small">`.
 */
export class AgentError<TCode extends string = AgentErrorCode> extends Error {
	constructor(
		readonly code: TCode,
		message: string,
	) {
		super(message);
		this.name = "AgentError";
	}
}

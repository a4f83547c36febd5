import type { AgentMessage, RunOutcome } from "@kestrel/agent-core";
import type { ProviderError } from "@kestrel/ai";
import { HarnessError } from "./harness-error.js";

/*
 * Every failure of a run reaches the caller in one shape: the run's error outcome
 * (`{ kind: "error", message, error }`), whether the loop's provider failed, the harness
 * stopped the run (`context_too_small`, `compaction_ineffective`), or the session's
 * storage failed. Only misuse (busy, disposed, nothing to continue) and a listener's own
 * throw reject.
 */

/**
 * The error of a run stopped by the harness, as data: the harness's code, and a kind that
 * is never retried (`overflow` would start a compaction, which cannot shrink the instructions).
 */
export function harnessProviderError(error: HarnessError): ProviderError {
	return { kind: error.code === "context_too_small" ? "invalid_request" : "unknown", code: error.code };
}

/**
 * The outcome of a run that stopped on `error`: a {@link HarnessError}'s code, else (a
 * session write that failed, a system prompt that could not be built: this process's
 * failure, not the provider's) kind `local` with the thrown value's own `code`
 * (`ENOSPC`, default `harness_run`), and the value as `raw`.
 */
export function failureOutcome(error: unknown): Extract<RunOutcome, { kind: "error" }> {
	if (error instanceof HarnessError)
		return { kind: "error", message: error.message, error: harnessProviderError(error) };
	const message = error instanceof Error ? error.message : String(error);
	const code = (error as { code?: unknown } | null)?.code;
	return {
		kind: "error",
		message,
		error: { kind: "local", code: typeof code === "string" ? code : "harness_run", raw: error },
	};
}

/**
 * A harness hook that threw a {@link HarnessError} ended the loop's run with an error
 * message naming the hook (`prepareNextTurn failed: …`), which means nothing to the user:
 * the message takes the error's own words and code instead. In place, before the message
 * is persisted; the run's outcome is read from this same message.
 */
export function wordHarnessFailure(message: AgentMessage): void {
	if (message.role !== "assistant" || message.stopReason !== "error") return;
	const thrown = message.error?.raw;
	if (!(thrown instanceof HarnessError)) return;
	message.errorMessage = thrown.message;
	message.error = harnessProviderError(thrown);
}

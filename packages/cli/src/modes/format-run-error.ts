import type { ProviderError } from "@kestrel/ai";
import type { HarnessOutcome } from "@kestrel/harness";
import { type KeySource, keyAdvice } from "../models/resolve-api-key.js";

/**
 * A failed model request as `@kestrel/ai` reports it: the provider's own message (or
 * Kestrel's sentence) and, as data, who failed and how.
 */
export interface ProviderFailure {
	/** Who was asked: `anthropic`, `openai`, `ollama`, … */
	provider: string;
	/**
	 * The wire API. A message that already starts with `<provider> (<api>)`, as sessions
	 * saved by earlier versions of `@kestrel/ai` hold them, is shown as it is.
	 */
	api?: string;
	message: string;
	error?: ProviderError | undefined;
}

/**
 * The status, the provider's error code and the message: `401 authentication_error:
 * invalid x-api-key`. A status or code the message already says is not repeated. Pure.
 */
export function describeFailure(failure: Pick<ProviderFailure, "message" | "error">): string {
	const message = failure.message.trim() || "the request failed";
	const status = failure.error?.status;
	const code = failure.error?.code;
	const facts: string[] = [];
	if (status !== undefined && !message.startsWith(String(status))) facts.push(String(status));
	if (code && !message.includes(code)) facts.push(`${code}:`);
	return [...facts, message].join(" ");
}

/** {@link describeFailure} after the provider's name: `anthropic: 529 overloaded_error: Overloaded`. Pure. */
export function formatProviderFailure(failure: ProviderFailure): string {
	if (failure.api !== undefined && failure.message.startsWith(`${failure.provider} (${failure.api})`)) {
		return failure.message;
	}
	return `${failure.provider}: ${describeFailure(failure)}`;
}

/**
 * What follows the harness's `context_too_small` message (the system prompt and tool
 * definitions alone do not fit the model's window): the flags that shrink the prompt or
 * change the model.
 */
export const CONTEXT_TOO_SMALL_ADVICE =
	"With kestrel: --tools <names> enables only those (e.g. --tools read,edit,bash), --no-tools enables none, " +
	"and --model <provider/id> picks a model with a larger window (kestrel --list-models shows each window).";

/** What follows the harness's `compaction_ineffective` message: the kestrel ways out. */
export const COMPACTION_INEFFECTIVE_ADVICE =
	"With kestrel: /new (or a run without -c or -r) starts a new session, and --model <provider/id> picks a model with a larger window.";

/** `ENOSPC`, `EACCES`, `EROFS`…: the code of a failed system call, as Node names them. */
function isSystemErrorCode(code: string | undefined): boolean {
	return code !== undefined && /^E[A-Z]+$/.test(code);
}

/**
 * One line for stderr about a failed run, naming the provider and saying what to do:
 * where the key came from when it was refused (`anthropic: 401 authentication_error:
 * invalid x-api-key — check ANTHROPIC_API_KEY or pass --api-key`), the billing page when
 * the account is out of credit, the base URL when the server was unreachable, the flags
 * that shrink the prompt when it does not fit the model's window, the session folder when
 * a session write failed. A `local` failure (a hook or listener of this process threw) is
 * said to be one, not blamed on the provider. Pure.
 */
export function formatRunError(
	outcome: Extract<HarnessOutcome, { kind: "error" }>,
	provider: string,
	keySource: KeySource,
): string {
	// Not the provider's failure: the harness stopped before asking (see CONTEXT_TOO_SMALL_ADVICE).
	if (outcome.error?.code === "context_too_small") return `${outcome.message} ${CONTEXT_TOO_SMALL_ADVICE}`;
	// Nor this: compaction could not bring the context under the limit; the message names the cause.
	if (outcome.error?.code === "compaction_ineffective")
		return `${outcome.message} ${COMPACTION_INEFFECTIVE_ADVICE}`;
	if (outcome.error?.kind === "local") {
		// The session's storage failed (a full disk, a folder kestrel may not write).
		if (isSystemErrorCode(outcome.error.code)) {
			return `kestrel could not write the session: ${describeFailure(outcome)} — the run stopped; check free space and permissions of the session folder (--session-dir)`;
		}
		// Code of this process (a hook, a listener) threw.
		return `local failure (not from ${provider}): ${describeFailure(outcome)} — code running in kestrel failed; it was not retried`;
	}
	const text = formatProviderFailure({ provider, message: outcome.message, error: outcome.error });
	switch (outcome.error?.kind) {
		case "auth":
			return `${text} — ${keyAdvice(keySource)}`;
		case "billing":
			return `${text} — the account is out of credit or over its quota; check billing at the provider`;
		case "network":
		case "timeout":
			return `${text} — check that the server is reachable (--base-url, or baseUrl in models.json)`;
		case "overflow":
			return `${text} — the conversation no longer fits the model's window; start a new session or compact`;
		default:
			return text;
	}
}

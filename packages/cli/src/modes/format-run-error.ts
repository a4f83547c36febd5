import type { HarnessOutcome } from "@kestrel/harness";
import { type KeySource, keyAdvice } from "../models/resolve-api-key.js";

/**
 * One line for stderr about a failed run, naming the provider and, when the key was
 * refused, where the key came from: `anthropic: 401 invalid x-api-key — check
 * ANTHROPIC_API_KEY or pass --api-key`. Pure.
 */
export function formatRunError(
	outcome: Extract<HarnessOutcome, { kind: "error" }>,
	provider: string,
	keySource: KeySource,
): string {
	const status = outcome.error?.status;
	// Provider messages often start with "<provider> (<api>) HTTP <status>"; say that once.
	const message =
		outcome.message
			.trim()
			.replace(/^\S+ \([a-z-]+\):?\s*/, "")
			.replace(/^HTTP \d{3}:?\s*/, "") || "the request failed";
	const text = `${provider}: ${status !== undefined && !message.startsWith(String(status)) ? `${status} ` : ""}${message}`;
	switch (outcome.error?.kind) {
		case "auth":
			return `${text} — ${keyAdvice(keySource)}`;
		case "network":
		case "timeout":
			return `${text} — check that the server is reachable (--base-url, or baseUrl in models.json)`;
		case "overflow":
			return `${text} — the conversation no longer fits the model's window; start a new session or compact`;
		default:
			return text;
	}
}

import type { SecretRedactor } from "../secrets/secret-redactor.js";
import type { HarnessEvent } from "./types.js";

/**
 * Redacts the secrets of `redactor` from an event, in place, before it is persisted,
 * relayed or sent on. Streaming deltas are skipped (walking the growing message on every
 * delta would be quadratic; the message is redacted at its `message_end`), and so is
 * `model_change`, whose model (headers included) is live configuration, not text.
 */
export function redactEvent(event: HarnessEvent, redactor: SecretRedactor | undefined): void {
	if (!redactor || redactor.size === 0) return;
	if (event.type === "message_update" || event.type === "model_change") return;
	redactor.redactInPlace(event);
}

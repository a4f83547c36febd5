import { createShellCommandMessage, type ShellCommandRecord } from "../messages.js";
import type { SecretRedactor } from "../secrets/secret-redactor.js";
import type { MessageEntry } from "../session/types.js";
import type { SessionCursor } from "./session-cursor.js";
import type { HarnessEvent } from "./types.js";

/**
 * Appends a shell command the user ran, redacted, as a `shell` message, announced like
 * any message (`message_start`, `entry_persisted` after the flush, `message_end`). The
 * caller checks that the harness is idle.
 */
export async function recordShellCommand(
	host: {
		cursor: SessionCursor;
		redactor: SecretRedactor | undefined;
		emit(event: HarnessEvent): Promise<void>;
	},
	record: ShellCommandRecord,
): Promise<MessageEntry> {
	const message = createShellCommandMessage(record);
	host.redactor?.redactInPlace(message);
	await host.emit({ type: "message_start", message });
	const entry = host.cursor.append(message);
	await host.cursor.session.flush();
	await host.emit({ type: "entry_persisted", entry });
	await host.emit({ type: "message_end", message });
	return entry;
}

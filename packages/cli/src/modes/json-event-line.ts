import type { HarnessEvent } from "@kestrel/harness";

/**
 * One event as a JSON line (without the newline). `message_update` keeps only the
 * provider event, without its `partial` message, so each line carries a delta and the
 * message is never repeated per token; every other event is written as it is.
 */
export function jsonEventLine(event: HarnessEvent): string {
	if (event.type === "message_update") {
		const { partial: _partial, ...delta } =
			event.assistantMessageEvent as typeof event.assistantMessageEvent & {
				partial?: unknown;
			};
		return JSON.stringify({ type: "message_update", assistantMessageEvent: delta });
	}
	return JSON.stringify(event);
}

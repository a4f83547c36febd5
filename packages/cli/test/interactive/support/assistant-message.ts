import { type AssistantMessage, zeroUsage } from "@kestrel/ai";

/** An assistant message of the wire test model, as the harness emits it. */
export function assistant(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "wire",
		model: "claude-wire",
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: 0,
		...extra,
	};
}

import type { AgentMessage } from "@kestrel/agent-core";
import { clampThinkingLevel, type Model, type ThinkingLevel } from "@kestrel/ai";

/**
 * The messages a continuation (a retry, or compact-and-retry) starts from: the context
 * without the trailing failed attempts — assistant messages that ended in `error` or
 * `aborted` and the synthetic results of their tool calls. They stay in the session (on
 * the record); the model does not see them again.
 */
export function withoutFailedTail(messages: readonly AgentMessage[]): AgentMessage[] {
	let end = messages.length;
	while (end > 0) {
		const message = messages[end - 1]!;
		if (
			message.role === "assistant" &&
			(message.stopReason === "error" || message.stopReason === "aborted")
		) {
			end -= 1;
			continue;
		}
		if (message.role === "toolResult" && isAnswerToLaterFailure(messages, end - 1)) {
			end -= 1;
			continue;
		}
		break;
	}
	return messages.slice(0, end);
}

/** Whether the tool result at `index` answers a call of a failed assistant message just before its run of results. */
function isAnswerToLaterFailure(messages: readonly AgentMessage[], index: number): boolean {
	let cursor = index;
	while (cursor >= 0 && messages[cursor]!.role === "toolResult") cursor -= 1;
	const owner = messages[cursor];
	return (
		owner !== undefined &&
		owner.role === "assistant" &&
		(owner.stopReason === "error" || owner.stopReason === "aborted")
	);
}

/** The level a model gets for a wish: `off` for models that do not reason, else the nearest accepted one. */
export function thinkingLevelFor(model: Model, wanted: ThinkingLevel): ThinkingLevel {
	if (!model.reasoning) return "off";
	return model.thinkingLevels ? clampThinkingLevel(wanted, model.thinkingLevels) : wanted;
}

import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantMessage } from "@kestrel/ai";
import { messageText } from "../../format/message-text.js";
import { formatProviderFailure } from "../../modes/format-run-error.js";
import type { LiveMessage, NewTranscriptItem } from "../transcript-item.js";

/**
 * The transcript items of a message. While streaming, a failed attempt's error is not
 * shown (a retry notice or the run's final error says it once); `withErrors` shows it
 * for a resumed session's history.
 */
export function itemsOfMessage(message: AgentMessage, withErrors = false): NewTranscriptItem[] {
	if (message.role === "user") {
		const text = messageText(message.content);
		return [{ kind: "user", text }];
	}
	if (message.role === "assistant") {
		const live = liveOf(message);
		const error =
			withErrors && message.stopReason === "error"
				? formatProviderFailure({
						provider: message.provider,
						api: message.api,
						message: message.errorMessage ?? "the request failed",
						error: message.error,
					})
				: undefined;
		if (live.text === "" && live.thinking === "" && error === undefined) return [];
		return [
			{
				kind: "assistant",
				text: live.text,
				thinking: live.thinking,
				...(error === undefined ? {} : { error }),
			},
		];
	}
	// Tool results are shown from `tool_execution_end`, which carries the arguments too.
	if (message.role === "toolResult") return [];
	if (message.role === "shell") {
		const { command, output, exitCode } = message;
		return [{ kind: "shell", command, output, exitCode }];
	}
	const custom = message as { role: string; summary?: unknown };
	if (typeof custom.summary === "string")
		return [{ kind: "notice", text: `[${custom.role}] summary of earlier work` }];
	return [];
}

/** The text, thinking and tool names of a (partial) assistant message. */
export function liveOf(message: AssistantMessage): LiveMessage {
	let text = "";
	let thinking = "";
	const toolCalls: string[] = [];
	for (const block of message.content) {
		if (block.type === "text") text += block.text;
		else if (block.type === "thinking") thinking += block.redacted ? "[redacted thinking]" : block.thinking;
		else toolCalls.push(block.name);
	}
	return { text, thinking, toolCalls };
}

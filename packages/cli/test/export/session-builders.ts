import type { AssistantContent, AssistantMessage, ToolResultMessage, Usage, UserMessage } from "@kestrel/ai";
import { type Session, SessionManager } from "@kestrel/harness";

/** Usage with the given token counts and total cost. */
export function usage(input: number, output: number, cost: number): Usage {
	return {
		input,
		output,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: input + output,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
	};
}

export function user(text: string): UserMessage {
	return { role: "user", content: text, timestamp: 1 };
}

export function assistant(content: AssistantContent[], spent: Usage = usage(10, 5, 0.001)): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-test",
		usage: spent,
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 2,
	};
}

export function toolResult(
	toolName: string,
	text: string,
	details?: unknown,
	isError = false,
): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId: "toolu_1",
		toolName,
		content: [{ type: "text", text }],
		...(details === undefined ? {} : { details }),
		isError,
		timestamp: 3,
	};
}

/** A new in-memory session. */
export function memorySession(): Promise<Session> {
	return SessionManager.inMemory({ cwd: "/harbour" }).create();
}

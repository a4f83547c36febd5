import type { AgentMessage } from "@kestrel/agent-core";
import type { ToolCall } from "@kestrel/ai";
import type { TreeEntry } from "@kestrel/harness";

/** Entries between a tool result and the assistant message that made its call, at most. */
const MAX_ANCESTORS = 1000;

/**
 * Which call each tool result answers, so the page can show a call and its result as one
 * row: the call is looked up among the result's ancestors (the assistant message that
 * made it), never across branches.
 */
export interface ToolCallIndex {
	/** The call a tool result entry answers, if its assistant message is in the session. */
	callOf(resultEntryId: string): ToolCall | undefined;
	/** Whether the call `callId` of the assistant entry `assistantEntryId` has a result entry. */
	isAnswered(assistantEntryId: string, callId: string): boolean;
}

/** The index of every tool result among `entries` (a whole session tree, any order). */
export function indexToolCalls(entries: readonly TreeEntry[]): ToolCallIndex {
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	const calls = new Map<string, ToolCall>();
	const answered = new Set<string>();
	for (const entry of entries) {
		const message = messageOf(entry);
		if (message?.role !== "toolResult") continue;
		let at = entry.parentId === null ? undefined : byId.get(entry.parentId);
		for (let step = 0; at !== undefined && step < MAX_ANCESTORS; step++) {
			const call = callIn(messageOf(at), message.toolCallId);
			if (call) {
				calls.set(entry.id, call);
				answered.add(answerKey(at.id, call.id));
				break;
			}
			at = at.parentId === null ? undefined : byId.get(at.parentId);
		}
	}
	return {
		callOf: (resultEntryId) => calls.get(resultEntryId),
		isAnswered: (assistantEntryId, callId) => answered.has(answerKey(assistantEntryId, callId)),
	};
}

function messageOf(entry: TreeEntry): AgentMessage | undefined {
	return entry.type === "message" ? entry.message : undefined;
}

function callIn(message: AgentMessage | undefined, callId: string): ToolCall | undefined {
	if (message?.role !== "assistant" || !Array.isArray(message.content)) return undefined;
	return message.content.find((block): block is ToolCall => block.type === "toolCall" && block.id === callId);
}

function answerKey(entryId: string, callId: string): string {
	return `${entryId}\u0000${callId}`;
}

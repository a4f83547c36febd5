/**
 * A minimal agent built from `@kestrel/ai` and `@kestrel/agent-core` alone: one custom
 * tool, a `beforeToolCall` policy, and a custom message kind. Nothing here knows which
 * provider runs it; `main.ts` plugs in the scripted one.
 */
import {
	Agent,
	type AgentMessage,
	type AgentTool,
	type BeforeToolCallResult,
	type StreamFn,
	type ToolCallHookContext,
} from "@kestrel/agent-core";
import { type Message, type Model, Type } from "@kestrel/ai";

/**
 * A custom message kind: a reminder the app adds to the transcript. The UI shows it its
 * own way; the model reads it as a tagged user message (see `convertToLlm`).
 */
export interface ReminderMessage {
	role: "reminder";
	text: string;
	timestamp: number;
}

declare module "@kestrel/agent-core" {
	interface CustomAgentMessages {
		reminder: ReminderMessage;
	}
}

export function reminder(text: string): ReminderMessage {
	return { role: "reminder", text, timestamp: Date.now() };
}

/** The custom tool: reads a note from an in-memory notebook. */
export function createReadNoteTool(notebook: ReadonlyMap<string, string>): AgentTool {
	const parameters = Type.Object({
		name: Type.String({ description: "The note's name, e.g. shopping" }),
	});
	const tool: AgentTool<typeof parameters, { found: boolean }> = {
		name: "read_note",
		label: "Read note",
		description: "Reads one note from the user's notebook.",
		parameters,
		execute: async (_toolCallId, { name }) => {
			const text = notebook.get(name);
			if (text === undefined)
				throw new Error(`There is no note called "${name}". Notes: ${[...notebook.keys()].join(", ")}.`);
			return { content: [{ type: "text", text }], details: { found: true } };
		},
	};
	return tool;
}

/** Policy: notes whose name starts with "private" are never read. */
export function privateNotesPolicy({
	toolCall,
	args,
}: ToolCallHookContext): BeforeToolCallResult | undefined {
	const name = String((args as { name?: unknown }).name ?? "");
	if (toolCall.name === "read_note" && name.startsWith("private")) {
		return { block: true, reason: `Policy: the note "${name}" is private and may not be read.` };
	}
	return undefined;
}

/** Reminders become tagged user messages; other custom kinds would be dropped. */
export function convertToLlm(messages: AgentMessage[]): Message[] {
	const converted: Message[] = [];
	for (const message of messages) {
		if (message.role === "reminder") {
			converted.push({
				role: "user",
				content: `<reminder>${message.text}</reminder>`,
				timestamp: message.timestamp,
			});
		} else {
			converted.push(message);
		}
	}
	return converted;
}

export function createNotesAgent(
	model: Model,
	streamFn: StreamFn,
	notebook: ReadonlyMap<string, string>,
): Agent {
	return new Agent({
		model,
		streamFn,
		systemPrompt: "You answer questions about the user's notes. Read them with read_note.",
		tools: [createReadNoteTool(notebook)],
		beforeToolCall: privateNotesPolicy,
		convertToLlm,
	});
}

import type { Model, ThinkingLevel } from "@kestrel/ai";
import { roleOf } from "../messages.js";
import type { AgentEvent, AgentMessage, AgentTool, RunOutcome } from "../types.js";

/**
 * The Agent's state. The first five fields are settings: change them between runs (a run
 * reads them when it starts; use `prepareNextTurn` to switch within a run). Assigning
 * `tools` or `messages` stores a copy of the array. The rest is maintained by the Agent.
 */
export interface AgentState {
	systemPrompt: string;
	model: Model;
	thinkingLevel: ThinkingLevel;
	tools: AgentTool[];
	/** The transcript; each message is appended at its `message_end`. */
	messages: AgentMessage[];
	/** True from `prompt` / `continue` until the `agent_end` listeners have finished. */
	readonly isStreaming: boolean;
	/** The assistant message being streamed (a live partial), if any. */
	readonly streamingMessage: AgentMessage | undefined;
	/** Ids of the tool calls between their `tool_execution_start` and `_end`. A new set on each change. */
	readonly pendingToolCalls: ReadonlySet<string>;
	/** The error of the last run, if it ended with a failed or aborted model call or a failing listener. */
	readonly errorMessage: string | undefined;
	/** How the last run ended. */
	readonly lastOutcome: RunOutcome | undefined;
}

/** The settings an Agent starts with. */
export interface AgentStateSettings {
	systemPrompt: string;
	model: Model;
	thinkingLevel: ThinkingLevel;
	tools: AgentTool[];
	messages: AgentMessage[];
}

/** The Agent's state, writable from inside; callers see it through {@link AgentState}. */
export class AgentStateStore implements AgentState {
	systemPrompt: string;
	model: Model;
	thinkingLevel: ThinkingLevel;
	isStreaming = false;
	streamingMessage: AgentMessage | undefined;
	pendingToolCalls: ReadonlySet<string> = new Set();
	errorMessage: string | undefined;
	lastOutcome: RunOutcome | undefined;
	private toolList: AgentTool[];
	private messageList: AgentMessage[];

	constructor(settings: AgentStateSettings) {
		this.systemPrompt = settings.systemPrompt;
		this.model = settings.model;
		this.thinkingLevel = settings.thinkingLevel;
		this.toolList = [...settings.tools];
		this.messageList = [...settings.messages];
	}

	get tools(): AgentTool[] {
		return this.toolList;
	}

	set tools(tools: AgentTool[]) {
		this.toolList = [...tools];
	}

	get messages(): AgentMessage[] {
		return this.messageList;
	}

	set messages(messages: AgentMessage[]) {
		this.messageList = [...messages];
	}

	startRun(): void {
		this.isStreaming = true;
		this.streamingMessage = undefined;
		this.errorMessage = undefined;
		this.lastOutcome = undefined;
	}

	endRun(): void {
		this.isStreaming = false;
		this.streamingMessage = undefined;
		if (this.pendingToolCalls.size > 0) this.pendingToolCalls = new Set();
	}

	apply(event: AgentEvent): void {
		switch (event.type) {
			case "message_start":
				if (roleOf(event.message) === "assistant") this.streamingMessage = event.message;
				return;
			case "message_update":
				this.streamingMessage = event.message;
				return;
			case "message_end": {
				const message = event.message;
				if (roleOf(message) === "assistant" && "stopReason" in message) {
					this.streamingMessage = undefined;
					if (message.stopReason === "error" || message.stopReason === "aborted") {
						this.errorMessage = message.errorMessage ?? `The model call ended with "${message.stopReason}".`;
					}
				}
				this.messageList.push(message);
				return;
			}
			case "tool_execution_start":
				this.pendingToolCalls = new Set([...this.pendingToolCalls, event.toolCallId]);
				return;
			case "tool_execution_end": {
				const pending = new Set(this.pendingToolCalls);
				pending.delete(event.toolCallId);
				this.pendingToolCalls = pending;
				return;
			}
			case "agent_end":
				this.lastOutcome = event.outcome;
				this.streamingMessage = undefined;
				return;
		}
	}
}

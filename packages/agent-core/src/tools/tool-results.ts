import type { ToolCall } from "@kestrel/ai";
import { addMessage, type LoopRun } from "../run/loop-run.js";
import type { AgentToolResult, AgentToolResultMessage } from "../types.js";

/** A call with its final result, ready for `tool_execution_end` and its result message. */
export interface FinalizedCall {
	toolCall: ToolCall;
	result: AgentToolResult;
	isError: boolean;
}

/** What a batch leaves: its result messages (source order) and whether the run should end. */
export interface BatchOutcome {
	results: AgentToolResultMessage[];
	terminate: boolean;
}

/** A failure the model reads as the call's result. */
export function errorResult(text: string): AgentToolResult {
	return { content: [{ type: "text", text }], details: undefined, isError: true };
}

export const abortedText = (toolCall: ToolCall) =>
	`Tool call "${toolCall.name}" was not completed: the run was aborted.`;

/** Emits `tool_execution_start`; await what it returns, if anything (see `Emit`). */
export function emitExecutionStart(run: LoopRun, toolCall: ToolCall): Promise<void> | undefined {
	return run.emit({
		type: "tool_execution_start",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		args: toolCall.arguments,
	});
}

export function emitExecutionEnd(run: LoopRun, call: FinalizedCall): Promise<void> | undefined {
	return run.emit({
		type: "tool_execution_end",
		toolCallId: call.toolCall.id,
		toolName: call.toolCall.name,
		result: call.result,
		isError: call.isError,
	});
}

/** The result message of a finished call. */
export function toolResultMessage(call: FinalizedCall): AgentToolResultMessage {
	const { toolCall, result } = call;
	const message: AgentToolResultMessage = {
		role: "toolResult",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		// Tools written in plain JavaScript may return no content; the transcript must stay valid.
		content: Array.isArray(result.content) ? result.content : [],
		isError: call.isError,
		timestamp: Date.now(),
	};
	if (result.details !== undefined) message.details = result.details;
	if (result.addedToolNames && result.addedToolNames.length > 0) {
		message.addedToolNames = [...result.addedToolNames];
	}
	return message;
}

/** Writes the result messages of a batch into the transcript, in order, with their events. */
export async function answerCalls(
	run: LoopRun,
	calls: readonly FinalizedCall[],
): Promise<AgentToolResultMessage[]> {
	const results: AgentToolResultMessage[] = [];
	for (const call of calls) {
		const message = toolResultMessage(call);
		results.push(message);
		const pending = addMessage(run, message);
		if (pending) await pending;
	}
	return results;
}

/**
 * Answers calls that must not run (a truncated or failed response): each gets a closed
 * `tool_execution_start` / `_end` pair and an error result, in source order.
 */
export async function answerWithoutRunning(
	run: LoopRun,
	toolCalls: readonly ToolCall[],
	explain: (toolCall: ToolCall) => string,
): Promise<AgentToolResultMessage[]> {
	const results: AgentToolResultMessage[] = [];
	for (const toolCall of toolCalls) {
		const call: FinalizedCall = { toolCall, result: errorResult(explain(toolCall)), isError: true };
		const started = emitExecutionStart(run, toolCall);
		if (started) await started;
		const ended = emitExecutionEnd(run, call);
		if (ended) await ended;
		results.push(...(await answerCalls(run, [call])));
	}
	return results;
}

/** The batch rule: end the run only if there were results and every one asked to. */
export function batchTerminates(calls: readonly FinalizedCall[]): boolean {
	return calls.length > 0 && calls.every((call) => call.result.terminate === true);
}

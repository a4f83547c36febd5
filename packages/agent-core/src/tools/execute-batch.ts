import type { AssistantMessage, ToolCall } from "@kestrel/ai";
import type { LoopRun } from "../run/loop-run.js";
import type { AgentToolResultMessage } from "../types.js";
import { executePreparedCalls } from "./execute-tool-call.js";
import { findTool, type ImmediateCall, type PreparedCall, prepareToolCall } from "./prepare-tool-call.js";
import {
	answerCalls,
	type BatchOutcome,
	batchTerminates,
	emitExecutionEnd,
	emitExecutionStart,
	type FinalizedCall,
} from "./tool-results.js";

/**
 * Runs the tool calls of one assistant message. Sequential when the loop says so or when
 * any called tool declares `executionMode: "sequential"`; parallel otherwise. Every call
 * gets exactly one result, also after an abort.
 */
export function executeToolBatch(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
	const sequential =
		run.config.toolExecution === "sequential" ||
		toolCalls.some((toolCall) => findTool(run, toolCall.name)?.executionMode === "sequential");
	return sequential
		? executeSequentially(run, assistantMessage, toolCalls)
		: executeInParallel(run, assistantMessage, toolCalls);
}

/** Each call start → execute → end → result message before the next one starts. */
async function executeSequentially(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
	const finalized: FinalizedCall[] = [];
	const results: AgentToolResultMessage[] = [];
	for (const toolCall of toolCalls) {
		let preparation = startCall(run, assistantMessage, toolCall);
		if (preparation instanceof Promise) preparation = await preparation;
		const [call] =
			preparation.kind === "prepared"
				? await executePreparedCalls(run, assistantMessage, [preparation])
				: await endImmediately(run, preparation);
		finalized.push(call!);
		results.push(...(await answerCalls(run, [call!])));
	}
	return { results, terminate: batchTerminates(finalized) };
}

/**
 * Prepares every call in source order (a call answered at once gets its end event right
 * away), then executes the prepared ones concurrently: `tool_execution_end` in completion
 * order, result messages in source order once all have finished.
 */
async function executeInParallel(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
	const slots: (ImmediateCall | PreparedCall)[] = [];
	const prepared: PreparedCall[] = [];
	for (const toolCall of toolCalls) {
		let preparation = startCall(run, assistantMessage, toolCall);
		if (preparation instanceof Promise) preparation = await preparation;
		if (preparation.kind === "immediate") await endImmediately(run, preparation);
		else prepared.push(preparation);
		slots.push(preparation);
	}
	const executed = await executePreparedCalls(run, assistantMessage, prepared);
	let next = 0;
	const finalized = slots.map((slot): FinalizedCall => (slot.kind === "prepared" ? executed[next++]! : slot));
	return { results: await answerCalls(run, finalized), terminate: batchTerminates(finalized) };
}

/** `tool_execution_start`, then the preparation; a promise only when something is awaited. */
function startCall(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	toolCall: ToolCall,
): ImmediateCall | PreparedCall | Promise<ImmediateCall | PreparedCall> {
	const started = emitExecutionStart(run, toolCall);
	if (started) return started.then(() => prepareToolCall(run, assistantMessage, toolCall));
	return prepareToolCall(run, assistantMessage, toolCall);
}

async function endImmediately(run: LoopRun, call: ImmediateCall): Promise<FinalizedCall[]> {
	const ended = emitExecutionEnd(run, call);
	if (ended) await ended;
	return [call];
}

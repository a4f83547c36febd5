import type { AssistantMessage } from "@kestrel/ai";
import { describeThrown } from "../run/failures.js";
import type { LoopRun } from "../run/loop-run.js";
import type { AgentToolResult } from "../types.js";
import type { PreparedCall } from "./prepare-tool-call.js";
import { abortedText, emitExecutionEnd, errorResult, type FinalizedCall } from "./tool-results.js";

/**
 * Executes prepared calls concurrently (a batch of one runs alone) and emits each call's
 * `tool_execution_end` as it finishes, so in completion order; resolves with the
 * finalized calls in source order. A throw, a rejection or an empty result from a tool
 * and a failing `afterToolCall` become error results; only a failing event sink rejects.
 *
 * Written with callbacks rather than an async function per call: this is the hottest
 * path of a tool-heavy run, and a tool call here costs one promise reaction.
 */
export function executePreparedCalls(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	calls: readonly PreparedCall[],
): Promise<FinalizedCall[]> {
	if (calls.length === 0) return Promise.resolve([]);
	return new Promise<FinalizedCall[]>((resolve, reject) => {
		const finalized = new Array<FinalizedCall>(calls.length);
		// A call is open until its result is known: updates are accepted only then.
		const open = new Array<boolean>(calls.length).fill(true);
		let remaining = calls.length;
		let failed = false;

		const fail = (error: unknown) => {
			if (failed) return;
			failed = true;
			run.runningCalls.delete(abandonRunning);
			reject(error);
		};
		const complete = (index: number, call: FinalizedCall) => {
			const done = () => {
				finalized[index] = call;
				remaining -= 1;
				if (remaining > 0 || failed) return;
				run.runningCalls.delete(abandonRunning);
				resolve(finalized);
			};
			const ended = emitExecutionEnd(run, call);
			if (ended) ended.then(done, fail);
			else done();
		};
		const settle = (index: number, result: AgentToolResult, isError: boolean) => {
			if (!open[index]) return;
			open[index] = false;
			const prepared = calls[index]!;
			if (!run.config.afterToolCall) {
				complete(index, { toolCall: prepared.toolCall, result, isError });
				return;
			}
			applyAfterToolCall(run, assistantMessage, prepared, result, isError).then(
				(call) => complete(index, call),
				fail,
			);
		};
		function abandonRunning() {
			calls.forEach((prepared, index) => {
				settle(index, errorResult(abortedText(prepared.toolCall)), true);
			});
		}

		run.runningCalls.add(abandonRunning);
		calls.forEach((prepared, index) => {
			const { toolCall, tool, args } = prepared;
			// In a parallel batch the abort may come between preparation and execution.
			if (run.signal.aborted) {
				settle(index, errorResult(abortedText(toolCall)), true);
				return;
			}
			// Not awaited: the serial emitter delivers updates before the end event queued
			// after them, and a failing sink surfaces at that end event.
			const onUpdate = (partialResult: AgentToolResult) => {
				if (!open[index]) return;
				run.emit({
					type: "tool_execution_update",
					toolCallId: toolCall.id,
					toolName: toolCall.name,
					args: toolCall.arguments,
					partialResult,
				});
			};
			let execution: Promise<AgentToolResult>;
			try {
				execution = Promise.resolve(tool.execute(toolCall.id, args as never, run.signal, onUpdate));
			} catch (thrown) {
				settle(index, errorResult(describeThrown(thrown)), true);
				return;
			}
			execution.then(
				(value) => {
					if (typeof value !== "object" || value === null) {
						settle(index, errorResult(`Tool "${toolCall.name}" returned no result.`), true);
					} else {
						settle(index, value, value.isError === true);
					}
				},
				(thrown: unknown) => settle(index, errorResult(describeThrown(thrown)), true),
			);
		});
	});
}

async function applyAfterToolCall(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	prepared: PreparedCall,
	result: AgentToolResult,
	isError: boolean,
): Promise<FinalizedCall> {
	const { toolCall, args } = prepared;
	try {
		const override = await run.config.afterToolCall!(
			{ assistantMessage, toolCall, args, context: run.context, result, isError },
			run.signal,
		);
		if (!override) return { toolCall, result, isError };
		const merged: AgentToolResult = { ...result };
		if (override.content !== undefined) merged.content = override.content;
		if (override.details !== undefined) merged.details = override.details;
		if (override.terminate !== undefined) merged.terminate = override.terminate;
		if (override.isError !== undefined) merged.isError = override.isError;
		return { toolCall, result: merged, isError: override.isError ?? isError };
	} catch (thrown) {
		return {
			toolCall,
			result: errorResult(`The afterToolCall hook failed: ${describeThrown(thrown)}`),
			isError: true,
		};
	}
}

import type { AssistantMessage, ToolCall } from "@kestrel/ai";
import { describeThrown } from "../run/failures.js";
import type { LoopRun } from "../run/loop-run.js";
import type { AgentTool, BeforeToolCallResult } from "../types.js";
import { abortedText, errorResult, type FinalizedCall } from "./tool-results.js";
import { validateToolArguments } from "./validate-arguments.js";

/** A call that passed every check and may execute. */
export interface PreparedCall {
	kind: "prepared";
	toolCall: ToolCall;
	tool: AgentTool;
	args: unknown;
}

/** A call answered without running: unknown tool, bad arguments, blocked, aborted. */
export interface ImmediateCall extends FinalizedCall {
	kind: "immediate";
}

export function findTool(run: LoopRun, name: string): AgentTool | undefined {
	const tools = run.context.tools;
	if (!tools) return undefined;
	for (const tool of tools) if (tool.name === name) return tool;
	return undefined;
}

/**
 * Prepares one call, in this order: find the tool → refuse unparseable arguments →
 * `prepareArguments` → schema validation (with string-to-scalar coercion) →
 * `beforeToolCall` → abort check. The first failure answers the call. Once the run is
 * aborted no hook runs any more: a permission prompt after Ctrl+C would be wrong.
 * Synchronous unless a `beforeToolCall` hook has to be asked.
 */
export function prepareToolCall(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	toolCall: ToolCall,
): PreparedCall | ImmediateCall | Promise<PreparedCall | ImmediateCall> {
	const checked = checkToolCall(run, toolCall);
	if (checked.kind === "immediate" || !run.config.beforeToolCall) return checked;
	return askBeforeToolCall(run, assistantMessage, checked);
}

function checkToolCall(run: LoopRun, toolCall: ToolCall): PreparedCall | ImmediateCall {
	if (run.signal.aborted) return immediate(toolCall, abortedText(toolCall));
	const tool = findTool(run, toolCall.name);
	if (!tool) return immediate(toolCall, unknownToolText(run, toolCall.name));
	if (toolCall.argumentsError) {
		const { message, raw } = toolCall.argumentsError;
		const shown = raw.length > 2000 ? `${raw.slice(0, 2000)}…` : raw;
		return immediate(
			toolCall,
			`The arguments of tool call "${toolCall.name}" are not valid JSON (${message}). ` +
				`They were: ${shown}\nCall the tool again with a valid JSON object.`,
		);
	}
	let args: unknown = toolCall.arguments;
	if (tool.prepareArguments) {
		try {
			args = tool.prepareArguments(toolCall.arguments);
		} catch (thrown) {
			return immediate(
				toolCall,
				`Could not prepare the arguments of "${toolCall.name}": ${describeThrown(thrown)}`,
			);
		}
	}
	const validation = validateToolArguments(tool.name, tool.parameters, args);
	if (!validation.ok) return immediate(toolCall, validation.message);
	return { kind: "prepared", toolCall, tool, args: validation.value };
}

async function askBeforeToolCall(
	run: LoopRun,
	assistantMessage: AssistantMessage,
	prepared: PreparedCall,
): Promise<PreparedCall | ImmediateCall> {
	const { toolCall, args } = prepared;
	let decision: BeforeToolCallResult | undefined;
	try {
		decision = await run.config.beforeToolCall!(
			{ assistantMessage, toolCall, args, context: run.context },
			run.signal,
		);
	} catch (thrown) {
		return immediate(
			toolCall,
			`Tool call "${toolCall.name}" was blocked: the beforeToolCall hook failed (${describeThrown(thrown)}).`,
		);
	}
	if (decision?.block) {
		const call = immediate(toolCall, decision.reason || `Tool call "${toolCall.name}" was blocked.`);
		if (decision.terminate === true) call.result.terminate = true;
		return call;
	}
	if (run.signal.aborted) return immediate(toolCall, abortedText(toolCall));
	return prepared;
}

function immediate(toolCall: ToolCall, text: string): ImmediateCall {
	return { kind: "immediate", toolCall, result: errorResult(text), isError: true };
}

function unknownToolText(run: LoopRun, name: string): string {
	const names = (run.context.tools ?? []).map((tool) => tool.name);
	const available = names.length > 0 ? `Available tools: ${names.join(", ")}.` : "No tools are available.";
	return `Tool "${name}" not found. ${available}`;
}

import { type AssistantMessage, addUsage, type ToolCall } from "@kestrel/ai";
import { callHook, failedOutcome, HookFailure, runEndingMessage } from "../run/failures.js";
import { addMessage, type LoopRun, snapshotStats, startTurn } from "../run/loop-run.js";
import { executeToolBatch } from "../tools/execute-batch.js";
import { abortedText, answerWithoutRunning } from "../tools/tool-results.js";
import type {
	AgentMessage,
	AgentToolResultMessage,
	RunOutcome,
	StopDecision,
	StopRequest,
	TurnContext,
} from "../types.js";
import { streamAssistant } from "./stream-assistant.js";

/** A whole run: `agent_start`, the first turn with the prompts, the turns, `agent_end`. */
export async function runLoop(run: LoopRun, prompts: readonly AgentMessage[]): Promise<void> {
	const started = run.emit({ type: "agent_start" });
	if (started) await started;
	await startTurn(run);
	for (const prompt of prompts) {
		const pending = addMessage(run, prompt);
		if (pending) await pending;
	}
	let outcome: RunOutcome;
	try {
		outcome = await runTurns(run);
	} catch (error) {
		if (!(error instanceof HookFailure)) throw error;
		outcome = await endWithFailure(run, error);
	}
	const ended = run.emit({
		type: "agent_end",
		messages: run.newMessages,
		outcome,
		stats: snapshotStats(run.stats),
	});
	if (ended) await ended;
}

/**
 * The double loop. The inner loop runs turns while the model calls tools or messages are
 * pending; when it would stop, the outer loop asks for follow-ups.
 */
async function runTurns(run: LoopRun): Promise<RunOutcome> {
	const { config } = run;
	let pending = config.getSteeringMessages ? await poll(run, "getSteeringMessages") : [];
	let terminated = false;
	while (true) {
		let moreToolCalls = true;
		while (moreToolCalls || pending.length > 0) {
			if (!run.turnOpen) await startTurn(run);
			for (const message of pending) {
				const added = addMessage(run, message);
				if (added) await added;
			}
			pending = [];

			const turn = await runTurn(run);
			if (turn.ended) return turn.ended;
			moreToolCalls = turn.toolResults.length > 0 && !turn.terminate;
			terminated = turn.terminate;
			// After an abort nothing more is polled: queued messages stay queued for the next run.
			if (run.signal.aborted) return { kind: "aborted" };

			if (config.prepareNextTurn || config.shouldStopAfterTurn) {
				const stop = await afterTurn(run, turn);
				if (stop) return { kind: "stopped", stop };
			}
			if (config.getSteeringMessages) pending = await poll(run, "getSteeringMessages");
		}
		const followUps = config.getFollowUpMessages ? await poll(run, "getFollowUpMessages") : [];
		if (followUps.length === 0) return terminated ? { kind: "terminated" } : { kind: "completed" };
		pending = followUps;
	}
}

interface TurnResult {
	message: AssistantMessage;
	toolResults: AgentToolResultMessage[];
	terminate: boolean;
	/** Set when the turn ended the run (the model call failed or was aborted). */
	ended?: RunOutcome;
}

/** One model call and its tools, closed by `turn_end`. */
async function runTurn(run: LoopRun): Promise<TurnResult> {
	const message = await streamAssistant(run);
	const toolCalls: ToolCall[] = [];
	for (const block of message.content) if (block.type === "toolCall") toolCalls.push(block);
	run.stats.turns += 1;
	run.stats.toolCalls += toolCalls.length;
	if (message.usage) addUsage(run.stats.usage, message.usage);

	if (message.stopReason === "error" || message.stopReason === "aborted") {
		// Calls that streamed before the failure still get a result: the transcript stays valid.
		const explain = message.stopReason === "aborted" ? abortedText : failedResponseText;
		const toolResults = await answerWithoutRunning(run, toolCalls, explain);
		await endTurn(run, message, toolResults);
		return { message, toolResults, terminate: false, ended: failedOutcome(message) };
	}
	let toolResults: AgentToolResultMessage[] = [];
	let terminate = false;
	if (toolCalls.length > 0 && message.stopReason === "length") {
		toolResults = await answerWithoutRunning(run, toolCalls, truncatedText);
	} else if (toolCalls.length > 0) {
		const batch = await executeToolBatch(run, message, toolCalls);
		toolResults = batch.results;
		terminate = batch.terminate;
	}
	await endTurn(run, message, toolResults);
	return { message, toolResults, terminate };
}

async function endTurn(run: LoopRun, message: AssistantMessage, toolResults: AgentToolResultMessage[]) {
	run.turnOpen = false;
	const pending = run.emit({ type: "turn_end", message, toolResults });
	if (pending) await pending;
}

/** `prepareNextTurn`, then `shouldStopAfterTurn`; returns why the run stops, if it does. */
async function afterTurn(run: LoopRun, turn: TurnResult): Promise<StopRequest | undefined> {
	const { prepareNextTurn, shouldStopAfterTurn } = run.config;
	const context: TurnContext = {
		message: turn.message,
		toolResults: turn.toolResults,
		context: run.context,
		newMessages: run.newMessages,
		stats: snapshotStats(run.stats),
		model: run.model,
		thinkingLevel: run.thinkingLevel,
	};
	if (prepareNextTurn) {
		const update = await callHook("prepareNextTurn", () => prepareNextTurn(context));
		if (update?.context) run.context = { ...update.context, messages: [...update.context.messages] };
		if (update?.model) run.model = update.model;
		if (update?.thinkingLevel !== undefined) run.thinkingLevel = update.thinkingLevel;
		context.context = run.context;
	}
	if (!shouldStopAfterTurn) return undefined;
	const decision: StopDecision = await callHook("shouldStopAfterTurn", () => shouldStopAfterTurn(context));
	if (!decision) return undefined;
	return decision === true ? { reason: "requested" } : decision;
}

async function poll(
	run: LoopRun,
	hook: "getSteeringMessages" | "getFollowUpMessages",
): Promise<AgentMessage[]> {
	const getter = run.config[hook]!;
	const messages = await callHook(hook, getter);
	return Array.isArray(messages) ? messages : [];
}

/** A hook failed between model calls: the run ends with an error message in its own turn. */
async function endWithFailure(run: LoopRun, failure: HookFailure): Promise<RunOutcome> {
	if (!run.turnOpen) await startTurn(run);
	const message = runEndingMessage(run, failure);
	const added = addMessage(run, message);
	if (added) await added;
	await endTurn(run, message, []);
	return failedOutcome(message);
}

function truncatedText(toolCall: ToolCall): string {
	return (
		`Tool call "${toolCall.name}" was not run: the response hit the output token limit, so its arguments ` +
		"may be truncated. Call the tool again with complete arguments (split large content into smaller calls)."
	);
}

function failedResponseText(toolCall: ToolCall): string {
	return `Tool call "${toolCall.name}" was not run: the model's response failed before it was complete.`;
}

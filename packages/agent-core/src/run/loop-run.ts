import { setMaxListeners } from "node:events";
import { type Model, stream, type ThinkingLevel, type Usage, zeroUsage } from "@kestrel/ai";
import type {
	AgentContext,
	AgentEventSink,
	AgentLoopConfig,
	AgentMessage,
	RunStats,
	StreamFn,
} from "../types.js";
import { ProviderMessageCache } from "./provider-messages.js";
import { RunningCalls } from "./running-calls.js";
import { type Emit, serialEmitter } from "./serial-emitter.js";

/** The mutable state of one run, shared by the loop's steps. */
export interface LoopRun {
	/** The run's own copy: the caller's arrays are never mutated. */
	context: AgentContext;
	model: Model;
	thinkingLevel: ThinkingLevel | undefined;
	readonly config: AgentLoopConfig;
	/** Fires on the caller's abort, and when the event sink fails. */
	readonly signal: AbortSignal;
	/** Await only what it returns: `undefined` means delivered. */
	readonly emit: Emit;
	readonly streamFn: StreamFn;
	readonly newMessages: AgentMessage[];
	readonly stats: RunStats;
	/** Whether a `turn_start` is waiting for its `turn_end`. */
	turnOpen: boolean;
	/** The default `convertToLlm`, kept incrementally across the run's model calls. */
	readonly providerMessages: ProviderMessageCache;
	/** Executing tool batches, abandoned after the grace period that follows an abort. */
	readonly runningCalls: RunningCalls;
}

export interface LoopRunHandle {
	run: LoopRun;
	/** Aborts the run's own signal (the sink failed) and detaches from the caller's. */
	dispose(reason?: unknown): void;
}

export function createLoopRun(
	context: AgentContext,
	config: AgentLoopConfig,
	sink: AgentEventSink,
	callerSignal: AbortSignal | undefined,
	streamFn: StreamFn | undefined,
): LoopRunHandle {
	// The run's own controller gives every step a signal, and lets the loop stop running
	// tools when the sink fails, without touching the caller's signal.
	const controller = new AbortController();
	// Every tool of a parallel batch gets this signal and may listen to it: with more than
	// ten calls Node would print MaxListenersExceededWarning on the user's stderr, although
	// the listeners are bounded by the batch and removed when each call ends.
	setMaxListeners(0, controller.signal);
	const forward = () => controller.abort(callerSignal?.reason);
	if (callerSignal?.aborted) forward();
	else callerSignal?.addEventListener("abort", forward, { once: true });

	const run: LoopRun = {
		context: { ...context, messages: [...context.messages] },
		model: config.model,
		thinkingLevel: config.thinkingLevel,
		config,
		signal: controller.signal,
		emit: serialEmitter(sink, (error) => controller.abort(error)),
		streamFn: streamFn ?? stream,
		newMessages: [],
		stats: { turns: 0, toolCalls: 0, usage: zeroUsage() },
		turnOpen: false,
		providerMessages: new ProviderMessageCache(),
		runningCalls: new RunningCalls(controller.signal, config.toolAbortGraceMs),
	};
	return {
		run,
		dispose: (reason) => {
			callerSignal?.removeEventListener("abort", forward);
			if (reason !== undefined && !controller.signal.aborted) controller.abort(reason);
		},
	};
}

/**
 * Adds a message to the transcript and emits its `message_start` / `message_end`. Like
 * `emit`, returns a promise only when there is something to wait for.
 */
export function addMessage(run: LoopRun, message: AgentMessage): Promise<void> | undefined {
	run.context.messages.push(message);
	run.newMessages.push(message);
	const started = run.emit({ type: "message_start", message });
	if (started) return started.then(() => run.emit({ type: "message_end", message }));
	return run.emit({ type: "message_end", message });
}

export async function startTurn(run: LoopRun): Promise<void> {
	run.turnOpen = true;
	const pending = run.emit({ type: "turn_start" });
	if (pending) await pending;
}

/** A copy of the totals, so that hooks may keep it. */
export function snapshotStats(stats: RunStats): RunStats {
	return { turns: stats.turns, toolCalls: stats.toolCalls, usage: copyUsage(stats.usage) };
}

function copyUsage(usage: Usage): Usage {
	return { ...usage, cost: { ...usage.cost } };
}

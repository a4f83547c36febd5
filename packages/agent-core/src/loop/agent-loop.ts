import { EventStream } from "@kestrel/ai";
import { roleOf } from "../messages.js";
import { createLoopRun } from "../run/loop-run.js";
import type {
	AgentContext,
	AgentEvent,
	AgentEventSink,
	AgentEventStream,
	AgentLoopConfig,
	AgentMessage,
	StreamFn,
} from "../types.js";
import { runLoop } from "./run-loop.js";

/**
 * Starts a run with new prompt messages and returns its event stream at once; the run
 * goes on in the background. The stream always ends with `agent_end`, whatever the hooks,
 * the tools or the provider do; `result()` gives the messages the run added (the
 * prompts first).
 */
export function agentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): AgentEventStream {
	const stream = createAgentEventStream();
	void runAgentLoop(prompts, context, config, sinkInto(stream), signal, streamFn).catch(() => stream.end([]));
	return stream;
}

/**
 * Resumes a run from a context whose last message is a user message, a tool result or a
 * custom message (a retry, or after `continue` following an abort).
 *
 * @throws Error at once if the context is empty or ends with an assistant message: the
 * model would be asked to answer itself.
 */
export function agentLoopContinue(
	context: AgentContext,
	config: AgentLoopConfig,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): AgentEventStream {
	assertContinuable(context);
	const stream = createAgentEventStream();
	void runAgentLoopContinue(context, config, sinkInto(stream), signal, streamFn).catch(() => stream.end([]));
	return stream;
}

/**
 * {@link agentLoop} with a callback instead of a stream: `emit` is awaited for every
 * event, in order. Resolves with the messages the run added. Rejects only if `emit`
 * throws (the run is then aborted).
 */
export async function runAgentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	emit: AgentEventSink,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): Promise<AgentMessage[]> {
	const { run, dispose } = createLoopRun(context, config, emit, signal, streamFn);
	try {
		await runLoop(run, prompts);
	} catch (error) {
		dispose(error);
		throw error;
	}
	dispose();
	return run.newMessages;
}

/** {@link agentLoopContinue} with a callback; rejects at once on a context it refuses. */
export async function runAgentLoopContinue(
	context: AgentContext,
	config: AgentLoopConfig,
	emit: AgentEventSink,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): Promise<AgentMessage[]> {
	assertContinuable(context);
	return runAgentLoop([], context, config, emit, signal, streamFn);
}

function assertContinuable(context: AgentContext): void {
	const last = context.messages.at(-1);
	if (last === undefined) {
		throw new Error("Cannot continue: the context has no messages. Start a run with agentLoop and a prompt.");
	}
	if (roleOf(last) === "assistant") {
		throw new Error(
			"Cannot continue: the last message is an assistant message, so the model would answer itself. " +
				"Add a user message (agentLoop) or the missing tool results first.",
		);
	}
}

/**
 * The loop's sink for its own stream: the loop waits while a `for await` reader is far
 * behind (see `EventStream.backpressure`), so that over a long run the reader stays close
 * and the queue does not hold thousands of events.
 */
function sinkInto(stream: EventStream<AgentEvent, AgentMessage[]>): AgentEventSink {
	return (event) => {
		stream.push(event);
		return stream.backpressure();
	};
}

function createAgentEventStream(): EventStream<AgentEvent, AgentMessage[]> {
	return new EventStream<AgentEvent, AgentMessage[]>(
		(event) => event.type === "agent_end",
		(event) => (event.type === "agent_end" ? event.messages : []),
	);
}

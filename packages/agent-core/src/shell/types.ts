/**
 * The contract of the run shell: the stateful part that `Agent` (and `AgentHarness` in
 * `@kestrel/harness`) put around the stateless loop. Types only; the behaviour of every
 * verb is documented here once and pinned by the shared contract suite
 * (`test/contract/run-shell-contract.ts`).
 *
 * The verbs (the same in every owner):
 * - `subscribe(listener)`: listeners receive every event, in subscription order; each is
 *   awaited before the next listener and before the run goes on. A throw ends the run and
 *   the verb that started it rejects with that error.
 * - `prompt(text, images?)` / `prompt(message | messages)`: starts a run. Resolves with
 *   the run's outcome once the run and its `agent_end` listeners are done; failures of
 *   the model request are outcomes, not rejections.
 * - `continue()`: resumes without a new prompt. In this order: (1) if the transcript can
 *   be resumed (it ends with a user message, a tool result or a custom message), the run
 *   starts from it, and queued messages are delivered by the loop as usual; (2) else, if
 *   a message is queued, the run starts with the queued steering messages (else the
 *   follow-ups), taken as the queue's mode allows; (3) else it rejects with
 *   `AgentError` `nothing_to_continue` and changes nothing.
 * - `steer(text, images?)` / `steer(message)`: queues a message that is injected after
 *   the current turn's tool calls, before the next model call.
 * - `followUp(text, images?)` / `followUp(message)`: queues a message that is processed
 *   when the agent would otherwise stop.
 * - `clearQueues()`: empties both queues and returns what they held.
 * - `abort()`: aborts the run (or other exclusive work) in progress; no-op when idle.
 * - `waitForIdle()`: resolves when nothing is in progress (at once if idle); never rejects.
 *
 * Errors: `prompt` and `continue` reject with `AgentError` `busy` while a run is in
 * progress, and `disposed` once the owner was disposed; nothing has changed then.
 */
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, StreamFn } from "../types.js";
import type { AgentErrorCode } from "./agent-error.js";
import type { QueueMode } from "./message-queue.js";

/**
 * Receives every event the shell emits: the loop's events, and the owner's own
 * (`TExtra`, e.g. the harness's `entry_persisted`). `signal` is the signal of the run in
 * progress (a signal that never fires while idle). A throw or rejection ends the run.
 */
export type RunListener<TEvent> = (event: TEvent, signal: AbortSignal) => void | Promise<void>;

/** The messages waiting in the two queues, oldest first. */
export interface QueuedMessages {
	steering: AgentMessage[];
	followUp: AgentMessage[];
}

/** What the owner's {@link RunFunction} is asked to run. */
export interface RunStart {
	/** The verb that started the run. */
	action: "prompt" | "continue";
	/**
	 * The messages the run starts with: the prompt's, or the queued messages `continue()`
	 * took. `undefined`: resume from the transcript as it is.
	 */
	prompts: AgentMessage[] | undefined;
	/** Fires on `abort()` (and `dispose()`). */
	signal: AbortSignal;
}

/**
 * The owner's run: everything between the busy gate closing and opening again. The
 * `Agent`'s is one {@link RunShell.runAttempt}; the harness's persists, retries and
 * compacts around several. Its rejection is the verb's rejection.
 */
export type RunFunction<TOutcome> = (start: RunStart) => Promise<TOutcome>;

/** How an owner sets up its {@link RunShell}. */
export interface RunShellOptions<TExtra, TOutcome> {
	/** The owner's class name, for error messages: `Agent.prompt: …`. */
	name: string;
	/** Runs one `prompt` or `continue` (see {@link RunFunction}). */
	run: RunFunction<TOutcome>;
	/**
	 * Why the transcript cannot be resumed as it is (`"the transcript is empty"`), or
	 * `undefined` when it can. `continue()` asks it first.
	 */
	cannotContinue: () => string | undefined;
	/** Default `one-at-a-time`. */
	steeringMode?: QueueMode;
	/** Default `one-at-a-time`. */
	followUpMode?: QueueMode;
	/**
	 * Sees every event before the listeners do, synchronously: the owner's state (the
	 * `Agent`'s transcript), or redaction in place. A throw fails like a listener's.
	 */
	beforeListeners?: (event: AgentEvent | TExtra) => void;
	/**
	 * Called after every change of the queues (a message queued, taken by the loop or
	 * cleared), e.g. to emit a `queue_update` event. The verbs that queue are synchronous:
	 * a promise it starts is the owner's to handle.
	 */
	onQueueChange?: (queued: QueuedMessages) => void;
	/** Makes the misuse errors; default `new AgentError(code, message)`. */
	createError?: (code: AgentErrorCode, message: string) => Error;
}

/** Exclusive work in progress: the busy gate is closed until `leave()`. */
export interface BusyScope {
	/** Fires on `abort()` and `dispose()`. */
	readonly signal: AbortSignal;
	/** Opens the gate and resolves `waitForIdle()`. Call it exactly once (in a `finally`). */
	leave(): void;
}

/** One run of the loop through the shell: {@link RunShell.runAttempt}. */
export interface AttemptRequest<TEvent> {
	/** New messages to start with; `undefined` resumes from `context` (which must end with a non-assistant message). */
	prompts: AgentMessage[] | undefined;
	context: AgentContext;
	/** The queue getters are the shell's: the steering and follow-up queues feed the loop. */
	config: Omit<AgentLoopConfig, "getSteeringMessages" | "getFollowUpMessages">;
	/** Default: the signal of the exclusive work in progress. */
	signal?: AbortSignal;
	/** Default: `stream` from `@kestrel/ai`. */
	streamFn?: StreamFn;
	/**
	 * Where the loop's events go. Default: straight to the listeners. An owner that
	 * persists, folds or drops events intercepts them here and calls `emit` for what the
	 * listeners should see (its own events included). Awaited like a listener.
	 */
	sink?: (event: AgentEvent, emit: (event: TEvent) => Promise<void>) => void | Promise<void>;
}

import type { ImageContent } from "@kestrel/ai";
import { runAgentLoop, runAgentLoopContinue } from "../loop/agent-loop.js";
import { createUserMessage } from "../messages.js";
import type { AgentEvent, AgentLoopConfig, AgentMessage, RunOutcome } from "../types.js";
import { AgentError, type AgentErrorCode } from "./agent-error.js";
import { MessageQueue, type QueueMode } from "./message-queue.js";
import type {
	AttemptRequest,
	BusyScope,
	QueuedMessages,
	RunListener,
	RunShellOptions,
	RunStart,
} from "./types.js";

/**
 * The stateful shell around the loop, shared by every owner (`Agent`, `AgentHarness`):
 * the busy gate and idle promise, the listeners (awaited in order), the steering and
 * follow-up queues, abort, disposal, and the verbs of `./types.ts` with their errors.
 * An owner supplies its run ({@link RunShellOptions.run}) and exposes the verbs; its own
 * events go through {@link RunShell.emit}, the same listener chain as the loop's.
 *
 * `TExtra` is the union of the owner's own events; `TOutcome` what its runs resolve with.
 */
export class RunShell<TExtra extends { type: string } = never, TOutcome = RunOutcome> {
	private readonly listeners = new Set<RunListener<AgentEvent | TExtra>>();
	private readonly steeringQueue: MessageQueue;
	private readonly followUpQueue: MessageQueue;
	private readonly idleSignal = new AbortController().signal;
	private busy: { controller: AbortController; idle: Promise<void> } | undefined;
	private disposedValue = false;

	constructor(private readonly options: RunShellOptions<TExtra, TOutcome>) {
		this.steeringQueue = new MessageQueue(options.steeringMode ?? "one-at-a-time");
		this.followUpQueue = new MessageQueue(options.followUpMode ?? "one-at-a-time");
	}

	/** Whether a run or other exclusive work is in progress. */
	get running(): boolean {
		return this.busy !== undefined;
	}

	/** Whether {@link dispose} was called. */
	get disposed(): boolean {
		return this.disposedValue;
	}

	get steeringMode(): QueueMode {
		return this.steeringQueue.mode;
	}

	set steeringMode(mode: QueueMode) {
		this.steeringQueue.mode = mode;
	}

	get followUpMode(): QueueMode {
		return this.followUpQueue.mode;
	}

	set followUpMode(mode: QueueMode) {
		this.followUpQueue.mode = mode;
	}

	// ---------------------------------------------------------------------------------------
	// The verbs (documented in ./types.ts)
	// ---------------------------------------------------------------------------------------

	subscribe(listener: RunListener<AgentEvent | TExtra>): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	async prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<TOutcome> {
		this.assertIdle("prompt");
		this.assertLive("prompt");
		const prompts =
			typeof input === "string"
				? [createUserMessage(input, images)]
				: Array.isArray(input)
					? [...input]
					: [input];
		return this.start("prompt", prompts);
	}

	async continue(): Promise<TOutcome> {
		this.assertIdle("continue");
		this.assertLive("continue");
		const reason = this.options.cannotContinue();
		if (reason === undefined) return this.start("continue", undefined);
		const queue = this.steeringQueue.length > 0 ? this.steeringQueue : this.followUpQueue;
		const queued = this.take(queue);
		if (queued.length > 0) return this.start("continue", queued);
		throw this.error(
			"nothing_to_continue",
			`${this.options.name}.continue: ${reason} and nothing is queued; use prompt(), ` +
				"or queue a message with steer() or followUp().",
		);
	}

	steer(message: string | AgentMessage, images?: ImageContent[]): void {
		this.steeringQueue.push(typeof message === "string" ? createUserMessage(message, images) : message);
		this.queuesChanged();
	}

	followUp(message: string | AgentMessage, images?: ImageContent[]): void {
		this.followUpQueue.push(typeof message === "string" ? createUserMessage(message, images) : message);
		this.queuesChanged();
	}

	/** Empties both queues and returns what they held (to put back into an editor). */
	clearQueues(): QueuedMessages {
		const taken = this.queued();
		this.steeringQueue.clear();
		this.followUpQueue.clear();
		if (taken.steering.length > 0 || taken.followUp.length > 0) this.queuesChanged();
		return taken;
	}

	/** Empties one queue. */
	clearQueue(which: "steering" | "followUp"): void {
		const queue = which === "steering" ? this.steeringQueue : this.followUpQueue;
		if (queue.length === 0) return;
		queue.clear();
		this.queuesChanged();
	}

	/** Copies of the queued messages, oldest first; the queues are unchanged. */
	queued(): QueuedMessages {
		return { steering: this.steeringQueue.peek(), followUp: this.followUpQueue.peek() };
	}

	hasQueuedMessages(): boolean {
		return this.steeringQueue.length > 0 || this.followUpQueue.length > 0;
	}

	abort(): void {
		this.busy?.controller.abort();
	}

	waitForIdle(): Promise<void> {
		return this.busy?.idle ?? Promise.resolve();
	}

	/**
	 * Marks the shell disposed (later `prompt`, `continue` and {@link enterBusy} fail with
	 * `disposed`), aborts the work in progress and resolves once idle. Idempotent.
	 */
	dispose(): Promise<void> {
		this.disposedValue = true;
		this.abort();
		return this.waitForIdle();
	}

	// ---------------------------------------------------------------------------------------
	// For the owner
	// ---------------------------------------------------------------------------------------

	/**
	 * Sends one event to the listeners (after `beforeListeners`), awaiting each in order:
	 * the owner's own events (`queue_update`, `entry_persisted`, …) take the same path as
	 * the loop's. Rejects with the first listener failure; later listeners are not called.
	 */
	async emit(event: AgentEvent | TExtra): Promise<void> {
		const pending = this.dispatch(event, this.busy?.controller.signal ?? this.idleSignal);
		if (pending) await pending;
	}

	/**
	 * Closes the busy gate for exclusive work that is not a run (a manual compaction, a
	 * model switch): `running` is true, `abort()` fires the scope's signal, `prompt` fails
	 * with `busy` and `waitForIdle()` waits, until `leave()`.
	 * @throws AgentError `busy` or `disposed` (made by `createError`).
	 */
	enterBusy(action: string): BusyScope {
		this.assertIdle(action);
		this.assertLive(action);
		const controller = new AbortController();
		let release!: () => void;
		const idle = new Promise<void>((resolve) => {
			release = resolve;
		});
		const busy = { controller, idle };
		this.busy = busy;
		return {
			signal: controller.signal,
			leave: () => {
				if (this.busy === busy) this.busy = undefined;
				release();
			},
		};
	}

	/**
	 * One run of the loop with the shell's queues feeding it and its events going to the
	 * listeners (or through `request.sink`). Resolves with the run's outcome; rejects only
	 * when a listener (or the sink) fails, after the loop aborted the run.
	 */
	async runAttempt(request: AttemptRequest<AgentEvent | TExtra>): Promise<RunOutcome> {
		const signal = request.signal ?? this.busy?.controller.signal ?? this.idleSignal;
		let outcome: RunOutcome = { kind: "aborted" };
		const intercept = request.sink;
		const emit = (event: AgentEvent | TExtra) => this.emitWith(event, signal);
		const sink = (event: AgentEvent): void | Promise<void> => {
			if (event.type === "agent_end") outcome = event.outcome;
			return intercept ? intercept(event, emit) : this.dispatch(event, signal);
		};
		const config: AgentLoopConfig = { ...request.config, ...this.loopQueues() };
		if (request.prompts)
			await runAgentLoop(request.prompts, request.context, config, sink, signal, request.streamFn);
		else await runAgentLoopContinue(request.context, config, sink, signal, request.streamFn);
		return outcome;
	}

	/** The loop's queue getters: each takes what the queue's mode allows and reports the change. */
	loopQueues(): Pick<AgentLoopConfig, "getSteeringMessages" | "getFollowUpMessages"> {
		return {
			getSteeringMessages: () => this.take(this.steeringQueue),
			getFollowUpMessages: () => this.take(this.followUpQueue),
		};
	}

	/** @throws AgentError `busy` while exclusive work is in progress. */
	assertIdle(action: string): void {
		if (!this.busy) return;
		throw this.error(
			"busy",
			`${this.options.name}.${action}: a run is already in progress. Queue the message with steer() or ` +
				"followUp(), or abort() and await waitForIdle() first.",
		);
	}

	/** @throws AgentError `disposed` once {@link dispose} was called. */
	assertLive(action: string): void {
		if (!this.disposedValue) return;
		throw this.error(
			"disposed",
			`${this.options.name}.${action}: it was disposed; create a new ${this.options.name}.`,
		);
	}

	// ---------------------------------------------------------------------------------------

	private async start(action: RunStart["action"], prompts: AgentMessage[] | undefined): Promise<TOutcome> {
		const scope = this.enterBusy(action);
		try {
			return await this.options.run({ action, prompts, signal: scope.signal });
		} finally {
			scope.leave();
		}
	}

	private take(queue: MessageQueue): AgentMessage[] {
		const taken = queue.drain();
		if (taken.length > 0) this.queuesChanged();
		return taken;
	}

	private queuesChanged(): void {
		this.options.onQueueChange?.(this.queued());
	}

	private async emitWith(event: AgentEvent | TExtra, signal: AbortSignal): Promise<void> {
		const pending = this.dispatch(event, signal);
		if (pending) await pending;
	}

	/**
	 * Calls the listeners in order; returns a promise only when one of them returned one,
	 * so that synchronous listeners cost the loop no microtask per event.
	 */
	private dispatch(event: AgentEvent | TExtra, signal: AbortSignal): void | Promise<void> {
		this.options.beforeListeners?.(event);
		if (this.listeners.size === 0) return;
		return callInOrder(this.listeners.values(), event, signal);
	}

	private error(code: AgentErrorCode, message: string): Error {
		return this.options.createError?.(code, message) ?? new AgentError(code, message);
	}
}

function callInOrder<TEvent>(
	listeners: Iterator<RunListener<TEvent>>,
	event: TEvent,
	signal: AbortSignal,
): void | Promise<void> {
	for (let next = listeners.next(); !next.done; next = listeners.next()) {
		const returned: unknown = next.value(event, signal);
		if (isThenable(returned))
			return Promise.resolve(returned).then(() => callInOrder(listeners, event, signal));
	}
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return typeof (value as PromiseLike<unknown> | undefined)?.then === "function";
}

import type { AssistantMessage, AssistantMessageEvent, AssistantMessageEventStream, Model } from "./types.js";
import { zeroUsage } from "./usage.js";

/** Past this many consumed events, the queue's array is compacted when it is mostly consumed. */
const COMPACT_AFTER = 1024;

/** A reader this many events behind is given time to catch up (see `backpressure`). */
const LAG_HIGH = 32;
/** ... until it is this many events behind, */
const LAG_LOW = 4;
/** ... or until it has taken nothing for this many microtask turns. */
const STALLED_AFTER_TURNS = 8;

/**
 * A single-consumer async queue of events with a separate promise for the final value.
 * Producers `push` and `end`; consumers iterate or await `result()`.
 *
 * Both ends cost O(1) per event however far the producer runs ahead: the queue is read
 * at a moving head (`Array.prototype.shift` is linear once an array is large, which made
 * long runs slower per event the longer they got), and iteration is a plain iterator
 * object, without the extra promises of an async generator.
 */
export class EventStream<TEvent, TResult> implements AsyncIterable<TEvent> {
	private queue: TEvent[] = [];
	private head = 0;
	/** The reader waiting for the next event, if any; `laterWaiters` after it, rarely used. */
	private waiter: Waiter<TEvent> | undefined;
	private readonly laterWaiters: Waiter<TEvent>[] = [];
	private finished = false;
	/** Events handed to a reader so far; a reader exists once this is above zero. */
	private reads = 0;
	/** `reads` when a catch-up last ended without the reader taking anything. */
	private readsAtStall = -1;
	/** The last iterator stopped early (`break`): nobody is reading, until a new one starts. */
	private readerGone = false;
	/** The reader that takes events inside `push` (see `deliverTo`), if any. */
	private handler: ((event: TEvent | undefined) => void) | undefined;
	private resolveResult!: (value: TResult) => void;
	private readonly resultPromise: Promise<TResult>;
	/** A `Promise` executor made once: a reader that keeps up waits once per event. */
	private readonly addWaiter = (resolve: Waiter<TEvent>) => {
		if (this.waiter) this.laterWaiters.push(resolve);
		else this.waiter = resolve;
	};

	constructor(
		private readonly isTerminal: (event: TEvent) => boolean,
		private readonly resultOf: (event: TEvent) => TResult,
	) {
		this.resultPromise = new Promise((resolve) => {
			this.resolveResult = resolve;
		});
	}

	/** True once a terminal event was pushed or `end()` was called. */
	get ended(): boolean {
		return this.finished;
	}

	push(event: TEvent): void {
		if (this.finished) return;
		if (this.isTerminal(event)) {
			this.finished = true;
			this.resolveResult(this.resultOf(event));
		}
		const handler = this.handler;
		if (handler) {
			this.reads += 1;
			handler(event);
			if (this.finished) this.endHandler();
			return;
		}
		const waiter = this.waiter;
		if (waiter) {
			this.waiter = this.laterWaiters.length > 0 ? this.laterWaiters.shift() : undefined;
			this.reads += 1;
			waiter({ value: event, done: false });
		} else this.queue.push(event);
		if (this.finished) this.releaseWaiters();
	}

	/** Ends the stream. Without a prior terminal event, `result()` settles with `result`. */
	end(result: TResult): void {
		if (this.finished) return;
		this.finished = true;
		this.resolveResult(result);
		this.endHandler();
		this.releaseWaiters();
	}

	result(): Promise<TResult> {
		return this.resultPromise;
	}

	/** Events pushed and not yet taken by a reader. */
	get unread(): number {
		return this.queue.length - this.head;
	}

	/**
	 * A reader that reacts to each event at once (the agent loop does) can take them by
	 * callback instead of iterating: from now on `push` hands each event to `handler`
	 * (the ones already queued first, here), without a promise or a microtask turn per
	 * event; once the stream has ended and every event is handed over, `handler` gets
	 * `undefined` and is detached. `deliverTo(undefined)` detaches it: later events queue
	 * again, for the iterator or for the next `deliverTo`, which a reader that has to wait
	 * for something of its own uses.
	 *
	 * `handler` runs inside the producer's `push`, so it must not throw (a throw reaches the
	 * producer); it is the stream's one reader, in place of an iterator.
	 */
	deliverTo(handler: ((event: TEvent | undefined) => void) | undefined): void {
		this.handler = handler;
		if (!handler) return;
		while (this.handler === handler && this.head < this.queue.length) handler(this.dequeue());
		if (this.finished) this.endHandler();
	}

	/** Tells an attached `deliverTo` handler that nothing more will come, and detaches it. */
	private endHandler(): void {
		const handler = this.handler;
		if (!handler || this.head < this.queue.length) return;
		this.handler = undefined;
		handler(undefined);
	}

	/**
	 * For a producer that can wait, after a `push`: `undefined` while the reader keeps up,
	 * else a promise that settles once the reader has caught up. A `for await` reader
	 * takes one event per microtask turn, and a producer that pushes several per turn
	 * (the agent loop does, around tool calls) would otherwise run ever further ahead: over
	 * a long run the queue, and every event and message it holds alive, keeps growing.
	 *
	 * Only a reader that is reading holds the producer up, and never for long: with no
	 * reader yet, after a `break`, or when the reader takes nothing for a few microtask
	 * turns (it is waiting on something else), the promise settles at once or soon after,
	 * and a reader that stalled is not waited for again until it takes another event.
	 */
	backpressure(): Promise<void> | undefined {
		if (this.queue.length - this.head <= LAG_HIGH || this.finished) return undefined;
		if (this.reads === 0 || this.readerGone || this.reads === this.readsAtStall) return undefined;
		return this.catchUp();
	}

	/**
	 * Checks once per microtask turn, with `queueMicrotask` (a callback job costs less than
	 * resuming an async function): settles when the reader is close, gone, or stalled.
	 */
	private catchUp(): Promise<void> {
		return new Promise((resolve) => {
			let seen = this.reads;
			let idleTurns = 0;
			const check = () => {
				if (this.queue.length - this.head <= LAG_LOW || this.readerGone) return resolve();
				if (this.reads !== seen) {
					seen = this.reads;
					idleTurns = 0;
				} else if (++idleTurns >= STALLED_AFTER_TURNS) {
					this.readsAtStall = seen;
					return resolve();
				}
				queueMicrotask(check);
			};
			queueMicrotask(check);
		});
	}

	[Symbol.asyncIterator](): AsyncIterator<TEvent> {
		let stopped = false;
		this.readerGone = false;
		const done: IteratorResult<TEvent> = { value: undefined, done: true };
		return {
			next: () => {
				if (stopped) return Promise.resolve(done);
				if (this.head < this.queue.length) return Promise.resolve({ value: this.dequeue(), done: false });
				if (this.finished) return Promise.resolve(done);
				return new Promise<IteratorResult<TEvent>>(this.addWaiter);
			},
			// `break` in a `for await` ends this iterator; the stream itself goes on.
			return: () => {
				stopped = true;
				this.readerGone = true;
				return Promise.resolve(done);
			},
		};
	}

	private dequeue(): TEvent {
		const event = this.queue[this.head] as TEvent;
		this.queue[this.head] = undefined as TEvent; // let the event be collected
		this.head += 1;
		this.reads += 1;
		if (this.head === this.queue.length) {
			this.queue.length = 0;
			this.head = 0;
		} else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.queue.length) {
			this.queue = this.queue.slice(this.head);
			this.head = 0;
		}
		return event;
	}

	private releaseWaiters(): void {
		const waiters = this.waiter ? [this.waiter, ...this.laterWaiters.splice(0)] : [];
		this.waiter = undefined;
		for (const waiter of waiters) waiter({ value: undefined, done: true });
	}
}

/** Resolves a reader's pending `next()`. */
type Waiter<TEvent> = (item: IteratorResult<TEvent>) => void;

/** Identifies the request a stream belongs to, for messages built before any event. */
export type StreamOrigin = Pick<Model, "api" | "provider" | "id">;

/**
 * The event stream every provider returns. If the producer ends it without a terminal
 * event, consumers still get exactly one: an `error` built from the last partial message.
 */
export class AssistantEventStream
	extends EventStream<AssistantMessageEvent, AssistantMessage>
	implements AssistantMessageEventStream
{
	private lastPartial: AssistantMessage | undefined;

	constructor(private readonly origin: StreamOrigin) {
		super(
			(event) => event.type === "done" || event.type === "error",
			(event) => (event.type === "done" || event.type === "error" ? event.message : unreachable()),
		);
	}

	override push(event: AssistantMessageEvent): void {
		if ("partial" in event) this.lastPartial = event.partial;
		super.push(event);
	}

	/** Ends the stream; emits a synthetic `error` event if no terminal event was pushed. */
	close(): void {
		if (this.ended) return;
		const base = this.lastPartial ?? emptyAssistantMessage(this.origin);
		const message: AssistantMessage = {
			...base,
			content: [...base.content],
			stopReason: "error",
			errorMessage: "The provider stream ended without a final event.",
			error: { kind: "unknown" },
		};
		this.push({ type: "error", reason: "error", message });
	}
}

export function emptyAssistantMessage(origin: StreamOrigin): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: origin.api,
		provider: origin.provider,
		model: origin.id,
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: Date.now(),
	};
}

function unreachable(): never {
	throw new Error("unreachable: result requested for a non-terminal event");
}

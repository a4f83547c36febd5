import type { AgentEvent, AgentEventSink } from "../types.js";

const ignore = () => {};

/**
 * Delivers one event. `undefined` means it is already delivered; a promise settles once
 * it is. Callers await only a promise: the loop emits some fifty events per turn, and a
 * synchronous sink (the event stream's `push`) should not cost a microtask for each.
 */
export type Emit = (event: AgentEvent) => Promise<void> | undefined;

/**
 * Wraps a sink so that events are delivered one at a time, in call order, even when
 * parallel tools emit concurrently. A sink failure is final: every later event rejects
 * with it and the sink is not called again.
 *
 * `onFailure` runs once, at the first failure, even if nobody awaits that event (a tool
 * update): the loop uses it to abort the run at once.
 */
export function serialEmitter(sink: AgentEventSink, onFailure: (error: unknown) => void = () => {}): Emit {
	let tail: Promise<void> | undefined;
	let failure: { error: unknown } | undefined;
	const fail = (error: unknown) => {
		if (failure) return;
		failure = { error };
		onFailure(error);
	};

	const deliver = (event: AgentEvent): void | Promise<void> => {
		if (failure) throw failure.error;
		try {
			return sink(event);
		} catch (error) {
			fail(error);
			throw error;
		}
	};

	const track = (pending: Promise<void>): Promise<void> => {
		const settled = pending.then(
			() => {
				if (tail === settled) tail = undefined;
			},
			(error: unknown) => {
				fail(error);
				if (tail === settled) tail = undefined;
				throw error;
			},
		);
		// Callers may not await every event (tool updates); the failure still surfaces at the next awaited one.
		settled.catch(ignore);
		tail = settled;
		return settled;
	};

	return (event) => {
		if (tail) return track(tail.then(() => deliver(event)));
		let pending: PromiseLike<void> | undefined;
		try {
			const result = deliver(event);
			// Inside the `try`: a sink's value whose `then` throws is the sink's failure too.
			pending = isThenable(result) ? result : undefined;
		} catch (error) {
			fail(error);
			const rejected = Promise.reject(error);
			rejected.catch(ignore);
			return rejected;
		}
		return pending ? track(Promise.resolve(pending)) : undefined;
	};
}

function isThenable(value: unknown): value is PromiseLike<void> {
	return typeof (value as PromiseLike<void> | undefined)?.then === "function";
}

import { HarnessError } from "./harness-error.js";

/** A claim on the gate: the signal `abort()` fires, and `leave()` to make the harness idle again. */
export interface BusyClaim {
	signal: AbortSignal;
	leave(): void;
}

/**
 * The harness's busy gate: one run, compaction, model switch or summary at a time.
 * `enter` refuses while busy (`busy`) or after `close` (`disposed`), with a
 * {@link HarnessError} that says what to do instead.
 */
export class BusyGate {
	private controller: AbortController | undefined;
	private idlePromise: Promise<void> = Promise.resolve();
	private closed = false;

	/** Whether something holds the gate (a run, including its retry waits and compactions). */
	get running(): boolean {
		return this.controller !== undefined;
	}

	/** Resolves once nothing holds the gate. */
	get idle(): Promise<void> {
		return this.idlePromise;
	}

	/** Takes the gate for `action` (named in the error when it is refused). */
	enter(action: string): BusyClaim {
		this.assertIdle(action);
		this.assertLive(action);
		const controller = new AbortController();
		this.controller = controller;
		let release!: () => void;
		this.idlePromise = new Promise((resolve) => {
			release = resolve;
		});
		return {
			signal: controller.signal,
			leave: () => {
				if (this.controller === controller) this.controller = undefined;
				release();
			},
		};
	}

	/** Fires the signal of whoever holds the gate. */
	abort(): void {
		this.controller?.abort();
	}

	/** From now on every `enter` and `assertLive` refuses with `disposed`. */
	close(): void {
		this.closed = true;
	}

	assertLive(action: string): void {
		if (this.closed)
			throw new HarnessError("disposed", `Cannot ${action}: the harness was disposed; create a new one.`);
	}

	assertIdle(action: string): void {
		if (this.running) {
			throw new HarnessError(
				"busy",
				`Cannot ${action} while the agent is working: use steer() or followUp(), or abort() and wait first.`,
			);
		}
	}
}

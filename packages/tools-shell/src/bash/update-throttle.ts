/**
 * Calls `emit` at most once per `intervalMs`: at once when the last call is long enough
 * ago, else once at the end of the interval, when `emit` reads the latest state. Nothing
 * is queued, so a slow listener never receives a backlog of stale updates.
 */
export class UpdateThrottle {
	readonly #emit: () => void;
	readonly #intervalMs: number;
	#lastEmit = Number.NEGATIVE_INFINITY;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#stopped = false;

	constructor(emit: () => void, intervalMs: number) {
		this.#emit = emit;
		this.#intervalMs = intervalMs;
	}

	/** Something changed. */
	notify(): void {
		if (this.#stopped || this.#timer !== undefined) return;
		const wait = this.#lastEmit + this.#intervalMs - Date.now();
		if (wait <= 0) this.#fire();
		else
			this.#timer = setTimeout(() => {
				this.#timer = undefined;
				this.#fire();
			}, wait);
	}

	/** No further calls of `emit`, not even one already scheduled. */
	stop(): void {
		this.#stopped = true;
		clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	#fire(): void {
		if (this.#stopped) return;
		this.#lastEmit = Date.now();
		this.#emit();
	}
}

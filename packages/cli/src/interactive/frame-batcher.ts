/**
 * Keeps only the latest of values that arrive faster than the screen is drawn, and hands
 * it on once per frame. The interactive mode puts streaming deltas through it: the screen
 * shows at most one state per frame anyway (Ink draws at 30 fps), so the work per delta
 * that would never be seen (a React render, the live markdown) is skipped.
 */
export class FrameBatcher<T> {
	private pending: { value: T } | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;

	constructor(
		private readonly apply: (value: T) => void,
		private readonly frameMs: number,
	) {}

	/** Holds `value` (replacing one held) and applies it at the end of the frame. */
	defer(value: T): void {
		this.pending = { value };
		this.timer ??= setTimeout(() => this.flush(), this.frameMs);
	}

	/** The value held, if any (to build the next one on). */
	peek(): T | undefined {
		return this.pending?.value;
	}

	/** Applies the held value now, if any. */
	flush(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		const pending = this.pending;
		this.pending = undefined;
		if (pending) this.apply(pending.value);
	}

	/** Drops the held value without applying it. */
	cancel(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.pending = undefined;
	}
}

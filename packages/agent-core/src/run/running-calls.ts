const DEFAULT_GRACE_MS = 2000;

/**
 * The tool batches of a run that are executing, and the one abort listener that gives up
 * on them: once the grace period after an abort is over, calls still running are
 * answered as aborted, so that a tool ignoring its signal cannot keep the run waiting
 * forever. One listener per run keeps `AbortSignal` bookkeeping off the per-call path.
 */
export class RunningCalls {
	private readonly waiting = new Set<() => void>();
	private listening = false;

	constructor(
		private readonly signal: AbortSignal,
		private readonly graceMs = DEFAULT_GRACE_MS,
	) {}

	/** Registers `giveUp`, called once the grace period after an abort is over. */
	add(giveUp: () => void): void {
		this.waiting.add(giveUp);
		if (this.listening) return;
		this.listening = true;
		if (this.signal.aborted) this.startGrace();
		else this.signal.addEventListener("abort", () => this.startGrace(), { once: true });
	}

	delete(giveUp: () => void): void {
		this.waiting.delete(giveUp);
	}

	private startGrace(): void {
		// A timer with nothing to wait for would only hold the process open.
		if (this.waiting.size === 0) return;
		setTimeout(() => {
			for (const giveUp of [...this.waiting]) giveUp();
			this.waiting.clear();
		}, this.graceMs);
	}
}

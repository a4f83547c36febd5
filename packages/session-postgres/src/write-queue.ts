/**
 * Writes run one after another, in the order they were queued. The first failure is kept:
 * later writes are not run (a session must not get entry N+1 without entry N), and
 * `settled()` and {@link WriteQueue.failure} report it.
 */
export class WriteQueue {
	private tail: Promise<void> = Promise.resolve();
	private error: Error | undefined;

	/** The first write that failed, if any. */
	get failure(): Error | undefined {
		return this.error;
	}

	/** Queues a write; it runs after every write queued before it. */
	push(write: () => Promise<void>): void {
		this.tail = this.tail.then(async () => {
			if (this.error) return;
			try {
				await write();
			} catch (error) {
				this.error = error instanceof Error ? error : new Error(String(error));
			}
		});
	}

	/** Resolves when every write queued so far is done; rejects with the first failure. */
	async settled(): Promise<void> {
		await this.tail;
		if (this.error) throw this.error;
	}
}

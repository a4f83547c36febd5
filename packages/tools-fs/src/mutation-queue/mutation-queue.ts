/**
 * Runs changes of one file one after the other, in call order, while changes of
 * different files run concurrently. Keyed by real path, so two spellings of one file
 * (through a symbolic link, say) share a turn. Tools created together share one queue:
 * the parallel calls of a batch that edit the same file then all land.
 */
export class MutationQueue {
	private readonly tails = new Map<string, Promise<unknown>>();

	/** Runs `task` once every earlier task for `key` has settled; settles as `task` does. */
	run<T>(key: string, task: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(key) ?? Promise.resolve();
		const result = previous.then(task, task);
		const tail = result.then(
			() => undefined,
			() => undefined,
		);
		this.tails.set(key, tail);
		// Forget idle keys so a long session does not keep one entry per file ever touched.
		void tail.then(() => {
			if (this.tails.get(key) === tail) this.tails.delete(key);
		});
		return result;
	}

	/** Keys with a task queued or running. */
	get size(): number {
		return this.tails.size;
	}
}

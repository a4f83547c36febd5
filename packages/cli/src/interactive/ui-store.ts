import type { NewTranscriptItem, TranscriptItem } from "./transcript-item.js";
import type { UiState } from "./ui-state.js";

/**
 * The interactive screen's state: one object replaced on every change, read by
 * components through selectors (`useSyncExternalStore`), so that a keystroke re-renders
 * the editor only and a delta the live message only.
 */
export class UiStore {
	private state: UiState;
	private readonly listeners = new Set<() => void>();
	private nextItemId = 1;

	constructor(initial: UiState) {
		this.state = initial;
	}

	readonly getState = (): UiState => this.state;

	readonly subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	};

	update(change: (state: UiState) => UiState): void {
		const next = change(this.state);
		if (next === this.state) return;
		this.state = next;
		for (const listener of this.listeners) listener();
	}

	/** Appends finished items (they get their ids here). */
	append(...items: NewTranscriptItem[]): void {
		if (items.length === 0) return;
		const added = items.map((item) => ({ ...item, id: this.nextItemId++ }) as TranscriptItem);
		this.update((state) => ({ ...state, items: [...state.items, ...added] }));
	}
}

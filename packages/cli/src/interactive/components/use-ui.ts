import { useSyncExternalStore } from "react";
import type { UiState } from "../ui-state.js";
import type { UiStore } from "../ui-store.js";

/** A slice of the UI state; the component re-renders only when the slice changes (by identity). */
export function useUi<T>(store: UiStore, select: (state: UiState) => T): T {
	return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

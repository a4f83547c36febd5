import { Text } from "ink";
import { useEffect, useState } from "react";
import { formatStatusLine, SPINNER_FRAME_MS } from "../format/status-line.js";
import type { UiStore } from "../ui-store.js";
import { useUi } from "./use-ui.js";

/**
 * The status line: model, thinking, context, tokens, cost, and ready or busy. While the
 * agent works it has a clock of its own (a spinner, the elapsed seconds, the running
 * tools, the streamed tokens): only this line re-renders as it ticks.
 */
export function StatusLineView({ store }: { store: UiStore }) {
	const status = useUi(store, (state) => state.status);
	const tools = useUi(store, (state) => state.tools);
	const streamedChars = useUi(store, (state) =>
		state.live ? state.live.text.length + state.live.thinking.length : 0,
	);
	const elapsedMs = useElapsed(status.working);
	const activity =
		elapsedMs === undefined ? undefined : { elapsedMs, tools: tools.map((tool) => tool.name), streamedChars };
	return (
		<Text dimColor={!status.working} wrap="truncate-end">
			{formatStatusLine(status, activity)}
		</Text>
	);
}

/** Milliseconds since `working` turned on, ticking every spinner frame; `undefined` while idle. */
function useElapsed(working: boolean): number | undefined {
	const [clock, setClock] = useState<{ since: number; now: number } | undefined>(undefined);
	useEffect(() => {
		if (!working) {
			setClock(undefined);
			return;
		}
		const since = Date.now();
		setClock({ since, now: since });
		const timer = setInterval(() => setClock({ since, now: Date.now() }), SPINNER_FRAME_MS);
		return () => clearInterval(timer);
	}, [working]);
	return clock === undefined ? undefined : clock.now - clock.since;
}

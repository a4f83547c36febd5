import type { CompactionSettings } from "./types.js";

/** The limit never falls below this fraction of the window, whatever the settings say. */
export const MIN_LIMIT_FRACTION = 0.25;

/**
 * The most tokens a context may have before it is compacted:
 * `min(floor(window × threshold), window − reserveTokens)`, but never below a quarter of
 * the window (a reserve larger than a small window would otherwise leave no room at all).
 */
export function compactionLimit(
	contextWindow: number,
	settings: Pick<CompactionSettings, "threshold" | "reserveTokens">,
): number {
	const limit = Math.min(
		Math.floor(contextWindow * settings.threshold),
		contextWindow - settings.reserveTokens,
	);
	return Math.max(limit, Math.floor(contextWindow * MIN_LIMIT_FRACTION));
}

/** Whether automatic compaction should run: it is enabled and `tokens` passed the limit. */
export function shouldCompact(
	tokens: number,
	contextWindow: number,
	settings: Pick<CompactionSettings, "enabled" | "threshold" | "reserveTokens">,
): boolean {
	return settings.enabled && tokens > compactionLimit(contextWindow, settings);
}

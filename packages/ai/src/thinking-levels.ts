import type { ThinkingLevel } from "./types.js";

/** The unified levels from least to most reasoning. */
export const THINKING_LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

/**
 * The level to send when a model accepts only some: the nearest accepted level at or
 * below `level`, else the lowest accepted one (a model that cannot reason less than
 * "low" gets "low" for "minimal"). An empty `accepted` list changes nothing.
 */
export function clampThinkingLevel(level: ThinkingLevel, accepted: readonly ThinkingLevel[]): ThinkingLevel {
	if (accepted.length === 0 || accepted.includes(level)) return level;
	const rank = THINKING_LEVELS.indexOf(level);
	const ranks = accepted.map((candidate) => THINKING_LEVELS.indexOf(candidate));
	const below = ranks.filter((candidate) => candidate <= rank);
	const best = below.length > 0 ? Math.max(...below) : Math.min(...ranks);
	return THINKING_LEVELS[best] ?? level;
}

import { clampThinkingLevel } from "../../thinking-levels.js";
import type { Model, ThinkingLevel } from "../../types.js";

/** The `reasoning_effort` / `reasoning.effort` values OpenAI's APIs take. */
export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh";

/**
 * The unified level as OpenAI's reasoning effort, or undefined to leave the server's
 * default. Shared by Chat Completions and Responses.
 *
 * OpenAI takes `none | minimal | low | medium | high | xhigh` (and `max`), but no model
 * takes them all: o-series models only know low to high, `none` and `xhigh` are newer.
 * With `model.thinkingLevels` the level is clamped to the nearest listed level at or
 * below it (else the lowest listed), and `off` becomes `none`. Without it only the widely
 * accepted values are sent: `xhigh` becomes `high`, and `off` sends nothing, because
 * `none` is rejected by most reasoning models and they cannot all switch reasoning off.
 */
export function mapReasoningEffort(
	model: Model,
	level: ThinkingLevel | undefined,
): ReasoningEffort | undefined {
	if (level === undefined || !model.reasoning) return undefined;
	const accepted = model.thinkingLevels;
	if (!accepted || accepted.length === 0) {
		if (level === "off") return undefined;
		return level === "xhigh" ? "high" : level;
	}
	const chosen = clampThinkingLevel(level, accepted);
	return chosen === "off" ? "none" : chosen;
}

import type { AgentTool } from "@kestrel/agent-core";
import type { Model } from "@kestrel/ai";
import { compactionLimit } from "../compaction/decide.js";
import { estimateFixedTokens } from "../compaction/estimate.js";
import type { CompactionSettings } from "../compaction/types.js";
import { HarnessError } from "./harness-error.js";

/**
 * The room a context may take in `model`'s window: the compaction limit while compaction
 * is on (a context over it is compacted), else the whole window.
 */
export function contextRoom(contextWindow: number, settings: CompactionSettings): number {
	return settings.enabled ? compactionLimit(contextWindow, settings) : contextWindow;
}

/**
 * The error that stops a run whose system prompt and tool definitions alone do not fit the
 * model's window, or `undefined` when they fit. No compaction can help then: the message
 * gives the figures and says what does (fewer tools, shorter context files, a larger model).
 */
export function contextTooSmallError(
	fixed: { systemPrompt?: string | undefined; tools: readonly AgentTool[] },
	model: Pick<Model, "provider" | "id" | "contextWindow">,
	settings: CompactionSettings,
): HarnessError | undefined {
	const tokens = estimateFixedTokens(fixed.systemPrompt, fixed.tools);
	const room = contextRoom(model.contextWindow, settings);
	if (tokens <= room) return undefined;
	const count = (value: number) => value.toLocaleString("en-US");
	const tools = fixed.tools.length === 1 ? "1 tool" : `${fixed.tools.length} tools`;
	const roomSaid =
		room === model.contextWindow
			? `the whole ${count(model.contextWindow)}-token context window of ${model.provider}/${model.id}`
			: `the ${count(room)} tokens that the ${count(model.contextWindow)}-token context window of ${model.provider}/${model.id} leaves for them`;
	return new HarnessError(
		"context_too_small",
		`The system prompt and the definitions of ${tools} take about ${count(tokens)} tokens, more than ${roomSaid}, ` +
			"so not even a first message fits. Enable fewer tools (or none), shorten the context files " +
			"(AGENTS.md, CLAUDE.md), or pick a model with a larger context window.",
	);
}

import type { AgentMessage, AgentTool } from "@kestrel/agent-core";
import type { Model, ProviderError } from "@kestrel/ai";
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

/**
 * The error of a run stopped by `error`, as data: the harness's code, and a kind that is
 * never retried (`overflow` would start a compaction, which cannot shrink the instructions).
 */
export function harnessProviderError(error: HarnessError): ProviderError {
	return { kind: error.code === "context_too_small" ? "invalid_request" : "unknown", code: error.code };
}

/**
 * A harness hook that threw a {@link HarnessError} ended the loop's run with an error
 * message naming the hook (`prepareNextTurn failed: …`), which means nothing to the user:
 * the message takes the error's own words and code instead. In place, before the message
 * is persisted; the run's outcome is read from this same message.
 */
export function wordHarnessFailure(message: AgentMessage): void {
	if (message.role !== "assistant" || message.stopReason !== "error") return;
	const thrown = message.error?.raw;
	if (!(thrown instanceof HarnessError)) return;
	message.errorMessage = thrown.message;
	message.error = harnessProviderError(thrown);
}

import type { ProviderError } from "@kestrel/ai";
import type { HarnessEvent, HarnessOutcome } from "@kestrel/harness";
import { messageText } from "../format/message-text.js";
import { itemsOfMessage, liveOf } from "./format/message-items.js";
import type { LiveMessage, NewTranscriptItem, RunningTool } from "./transcript-item.js";

/** The part of the screen that harness events change. */
export interface EventView {
	live: LiveMessage | undefined;
	tools: readonly RunningTool[];
	working: boolean;
}

/** What one event does to the screen. */
export interface EventEffect {
	view: EventView;
	/** Finished items to append. */
	items: NewTranscriptItem[];
	/** Whether the status line's numbers (context, tokens, cost) should be read again. */
	refreshStatus: boolean;
}

type RunError = Extract<HarnessOutcome, { kind: "error" }>;

/** A failed attempt that the harness retries: the provider's message and the facts. */
type AttemptFailure = { message: string; error?: ProviderError };

/**
 * The interactive view of one harness event, pure. Per delta only the live message is
 * rebuilt, from the partial message's own text; finished messages become items once.
 * `describeError` words a failed run (the CLI adds what to do about it);
 * `describeFailure` words a failed attempt before a retry (the CLI names the provider
 * and the status).
 */
export function applyHarnessEvent(
	view: EventView,
	event: HarnessEvent,
	describeError: (outcome: RunError) => string = (outcome) => outcome.message,
	describeFailure: (failure: AttemptFailure) => string = (failure) => failure.message,
): EventEffect {
	const same = (items: NewTranscriptItem[] = [], refreshStatus = false): EventEffect => ({
		view,
		items,
		refreshStatus,
	});
	switch (event.type) {
		case "agent_start":
			return { view: { ...view, working: true }, items: [], refreshStatus: false };
		case "agent_end": {
			const items: NewTranscriptItem[] = [];
			if (event.outcome.kind === "error")
				items.push({ kind: "error", text: `Error: ${describeError(event.outcome)}` });
			if (event.outcome.kind === "aborted") items.push({ kind: "notice", text: "Aborted." });
			if (event.outcome.kind === "stopped") items.push({ kind: "notice", text: "Stopped by a run limit." });
			return { view: { live: undefined, tools: [], working: false }, items, refreshStatus: true };
		}
		case "message_start":
			if (event.message.role !== "assistant") return same();
			return { view: { ...view, live: liveOf(event.message) }, items: [], refreshStatus: false };
		case "message_update":
			return { view: { ...view, live: liveOf(event.message) }, items: [], refreshStatus: false };
		case "message_end": {
			const items = itemsOfMessage(event.message);
			if (event.message.role !== "assistant") return same(items);
			return { view: { ...view, live: undefined }, items, refreshStatus: false };
		}
		case "tool_execution_start":
			return {
				view: {
					...view,
					tools: [
						...view.tools,
						{ toolCallId: event.toolCallId, name: event.toolName, args: event.args, partialText: "" },
					],
				},
				items: [],
				refreshStatus: false,
			};
		case "tool_execution_update": {
			const partialText = messageText(event.partialResult.content);
			const tools = view.tools.map((tool) =>
				tool.toolCallId === event.toolCallId ? { ...tool, partialText } : tool,
			);
			return { view: { ...view, tools }, items: [], refreshStatus: false };
		}
		case "tool_execution_end": {
			const running = view.tools.find((tool) => tool.toolCallId === event.toolCallId);
			return {
				view: { ...view, tools: view.tools.filter((tool) => tool.toolCallId !== event.toolCallId) },
				items: [
					{
						kind: "tool",
						name: event.toolName,
						args: running?.args ?? {},
						resultText: messageText(event.result.content),
						details: event.result.details,
						isError: event.isError,
					},
				],
				refreshStatus: false,
			};
		}
		case "turn_end":
			return same([], true);
		case "compaction_start":
			return same([
				{
					kind: "notice",
					text: `Compacting the context (${event.reason}, ${event.tokens} of ${event.contextWindow} tokens)…`,
				},
			]);
		case "compaction_end":
			return same(
				[
					event.ok
						? {
								kind: "notice",
								text: `Compacted by ${event.method ?? "summary"}: ${event.tokensBefore} → ${event.tokensAfter ?? "?"} tokens${event.error ? ` (${event.error})` : ""}.`,
							}
						: { kind: "error", text: `Compaction failed: ${event.error ?? "unknown error"}` },
				],
				true,
			);
		case "retry_start":
			return same([
				{
					kind: "notice",
					text: `${describeFailure({ message: event.errorMessage, error: event.error })} — retry ${event.attempt}/${event.maxAttempts} in ${Math.round(event.delayMs / 1000)} s`,
				},
			]);
		case "retry_end":
			return same(event.success ? [{ kind: "notice", text: `Retry ${event.attempt} succeeded.` }] : []);
		case "model_change":
		case "thinking_level_change":
			return same([], true);
		default:
			return same();
	}
}

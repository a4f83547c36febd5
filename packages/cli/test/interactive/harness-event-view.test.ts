import type { HarnessEvent } from "@kestrel/harness";
import { describe, expect, it } from "vitest";
import { applyHarnessEvent, type EventView } from "../../src/interactive/harness-event-view.js";
import { assistant } from "./support/assistant-message.js";

const idle: EventView = { live: undefined, tools: [], working: false };

function play(events: HarnessEvent[]) {
	let view = idle;
	const items = [];
	for (const event of events) {
		const effect = applyHarnessEvent(view, event);
		view = effect.view;
		items.push(...effect.items);
	}
	return { view, items };
}

describe("applyHarnessEvent", () => {
	it("keeps a streaming message live and turns it into one item when it ends", () => {
		const partial = assistant([
			{ type: "thinking", thinking: "tides first" },
			{ type: "text", text: "Sail at" },
		]);
		const streaming = play([
			{ type: "agent_start" },
			{ type: "message_start", message: partial },
			{
				type: "message_update",
				message: partial,
				assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: " at", partial },
			},
		]);
		expect(streaming.view).toMatchObject({
			working: true,
			live: { text: "Sail at", thinking: "tides first" },
		});
		expect(streaming.items).toEqual([]);
		const ended = applyHarnessEvent(streaming.view, { type: "message_end", message: partial });
		expect(ended.view.live).toBeUndefined();
		expect(ended.items).toEqual([{ kind: "assistant", text: "Sail at", thinking: "tides first" }]);
	});

	it("shows a tool execution while it runs and as an item with its result afterwards", () => {
		const { view, items } = play([
			{ type: "tool_execution_start", toolCallId: "t1", toolName: "bash", args: { command: "ls" } },
			{
				type: "tool_execution_update",
				toolCallId: "t1",
				toolName: "bash",
				args: { command: "ls" },
				partialResult: { content: [{ type: "text", text: "a.txt" }], details: {} },
			},
		]);
		expect(view.tools).toEqual([
			{ toolCallId: "t1", name: "bash", args: { command: "ls" }, partialText: "a.txt" },
		]);
		expect(items).toEqual([]);
		const ended = applyHarnessEvent(view, {
			type: "tool_execution_end",
			toolCallId: "t1",
			toolName: "bash",
			result: { content: [{ type: "text", text: "a.txt\nb.txt" }], details: { exitCode: 0 } },
			isError: false,
		});
		expect(ended.view.tools).toEqual([]);
		expect(ended.items).toEqual([
			{
				kind: "tool",
				name: "bash",
				args: { command: "ls" },
				resultText: "a.txt\nb.txt",
				details: { exitCode: 0 },
				isError: false,
			},
		]);
	});

	it("reports the run's error once, in red, with the harness's message; aborts as a notice", () => {
		const failed = assistant([], { stopReason: "error", errorMessage: "401 invalid x-api-key" });
		const { items } = play([
			{ type: "message_end", message: failed },
			{
				type: "agent_end",
				messages: [],
				outcome: { kind: "error", message: "wire: 401 invalid x-api-key" },
				stats: { turns: 1, toolCalls: 0, usage: failed.usage },
			} as HarnessEvent,
		]);
		expect(items).toEqual([{ kind: "error", text: "Error: wire: 401 invalid x-api-key" }]);
		const described = applyHarnessEvent(
			idle,
			{
				type: "agent_end",
				messages: [],
				outcome: { kind: "error", message: "wire: 401 invalid x-api-key" },
				stats: { turns: 1, toolCalls: 0, usage: failed.usage },
			} as HarnessEvent,
			(outcome) => `${outcome.message} — check WIRE_KEY`,
		);
		expect(described.items).toEqual([
			{ kind: "error", text: "Error: wire: 401 invalid x-api-key — check WIRE_KEY" },
		]);
		const aborted = applyHarnessEvent(idle, {
			type: "agent_end",
			messages: [],
			outcome: { kind: "aborted" },
			stats: { turns: 1, toolCalls: 0, usage: failed.usage },
		} as HarnessEvent);
		expect(aborted.items).toEqual([{ kind: "notice", text: "Aborted." }]);
		expect(aborted.refreshStatus).toBe(true);
	});

	it("turns compaction and retries into one-line notices", () => {
		const { items } = play([
			{ type: "compaction_start", reason: "threshold", tokens: 170_000, contextWindow: 200_000 },
			{
				type: "compaction_end",
				reason: "threshold",
				ok: true,
				method: "summary",
				tokensBefore: 170_000,
				tokensAfter: 20_000,
				willRetry: false,
			},
			{ type: "retry_end", attempt: 1, success: true },
		]);
		expect(items.map((item) => (item.kind === "notice" ? item.text : item.kind))).toEqual([
			"Compacting the context (threshold, 170000 of 200000 tokens)…",
			"Compacted by summary: 170000 → 20000 tokens.",
			"Retry 1 succeeded.",
		]);
	});
});

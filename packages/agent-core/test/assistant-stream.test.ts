import {
	type AssistantMessage,
	type AssistantMessageEvent,
	type AssistantMessageEventStream,
	type Model,
	zeroUsage,
} from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { type AgentEvent, type AgentMessage, runAgentLoop, type StreamFn } from "../src/index.js";
import { context, createHarness, labels, user } from "./helpers.js";

/** A stream function that plays the given events, building a new partial object for each one. */
function scripted(build: (model: Model) => AssistantMessageEvent[]): StreamFn {
	return (model): AssistantMessageEventStream => {
		const events = build(model);
		const final = events.at(-1);
		return {
			async *[Symbol.asyncIterator]() {
				for (const event of events) yield event;
			},
			result: async () => (final && "message" in final ? final.message : (undefined as never)),
		};
	};
}

function message(
	model: Model,
	text: string,
	stopReason: AssistantMessage["stopReason"] = "stop",
): AssistantMessage {
	return {
		role: "assistant",
		content: text ? [{ type: "text", text }] : [],
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: zeroUsage(),
		stopReason,
		timestamp: 1,
	};
}

async function record(streamFn: StreamFn, inspect?: (event: AgentEvent, live: AgentMessage[]) => void) {
	const harness = createHarness();
	let live: AgentMessage[] = [];
	const events: AgentEvent[] = [];
	await runAgentLoop(
		[user("hi")],
		context(),
		harness.config({
			transformContext: (messages) => {
				live = messages;
				return [...messages];
			},
		}),
		(event) => {
			events.push(event);
			inspect?.(event, live);
		},
		undefined,
		streamFn,
	);
	return { events, live };
}

describe("streaming the assistant message", () => {
	it("emits message_start even when the provider skips its start event", async () => {
		const streamFn = scripted((model) => [
			{ type: "text_start", contentIndex: 0, partial: message(model, "") },
			{ type: "text_delta", contentIndex: 0, delta: "Hi", partial: message(model, "Hi") },
			{ type: "done", reason: "stop", message: message(model, "Hi") },
		]);
		const { events } = await record(streamFn);
		expect(labels(events, { updates: true }).slice(4, 8)).toEqual([
			"message_start:assistant",
			"message_update:text_start",
			"message_update:text_delta",
			"message_end:assistant",
		]);
	});

	it("emits message_start and message_end for a stream that only has a terminal event", async () => {
		const streamFn = scripted((model) => [
			{ type: "done", reason: "stop", message: message(model, "whole") },
		]);
		const { events } = await record(streamFn);
		expect(labels(events, { updates: true }).slice(4)).toEqual([
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
	});

	it("keeps the partial at the end of the context, replaced in place, and the final message there at the end", async () => {
		let final: AssistantMessage | undefined;
		const streamFn = scripted((model) => {
			final = message(model, "Hello");
			return [
				{ type: "start", partial: message(model, "") },
				{ type: "text_start", contentIndex: 0, partial: message(model, "") },
				{ type: "text_delta", contentIndex: 0, delta: "Hel", partial: message(model, "Hel") },
				{ type: "text_delta", contentIndex: 0, delta: "lo", partial: message(model, "Hello") },
				{ type: "text_end", contentIndex: 0, content: "Hello", partial: message(model, "Hello") },
				{ type: "done", reason: "stop", message: final },
			];
		});
		const checks: string[] = [];
		const { live } = await record(streamFn, (event, messages) => {
			if (event.type === "message_start" && event.message.role === "assistant") {
				checks.push(`start last=${messages.at(-1) === event.message} length=${messages.length}`);
			}
			if (event.type === "message_update") {
				checks.push(`update last=${messages.at(-1) === event.message} length=${messages.length}`);
			}
		});
		expect(checks).toEqual([
			"start last=true length=2",
			"update last=true length=2",
			"update last=true length=2",
			"update last=true length=2",
			"update last=true length=2",
		]);
		expect(live).toHaveLength(2);
		expect(live.at(-1)).toBe(final);
	});

	it("hands the provider a message list that the partial message does not grow", async () => {
		let sent: readonly unknown[] = [];
		const streamFn: StreamFn = (model, request) => {
			sent = request.messages;
			return scripted(() => [
				{ type: "start", partial: message(model, "") },
				{ type: "done", reason: "stop", message: message(model, "ok") },
			])(model, request, {});
		};
		const harness = createHarness();
		await runAgentLoop(
			[user("hi")],
			context(),
			harness.config({ convertToLlm: (messages) => messages as never }),
			() => {},
			undefined,
			streamFn,
		);
		expect(sent).toHaveLength(1);
	});
});

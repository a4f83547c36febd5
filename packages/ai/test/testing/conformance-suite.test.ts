import { AssertionError } from "node:assert";
import { describe, expect, it } from "vitest";
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { splitPoints, sseFrameEnds } from "../../src/testing/conformance/frames.js";
import { assertEventProtocol } from "../../src/testing/conformance/play.js";
import { type ConformanceTarget, conformanceCases } from "../../src/testing/index.js";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import type { AssistantMessage, AssistantMessageEvent } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";

function message(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "test-api",
		provider: "test",
		model: "m",
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: 1,
		...extra,
	};
}

/** The events of a stream that sends "Hi" in two deltas and ends with done. */
function textEvents(final: AssistantMessage): AssistantMessageEvent[] {
	const partial = final;
	return [
		{ type: "start", partial },
		{ type: "text_start", contentIndex: 0, partial },
		{ type: "text_delta", contentIndex: 0, delta: "H", partial },
		{ type: "text_delta", contentIndex: 0, delta: "i", partial },
		{ type: "text_end", contentIndex: 0, content: "Hi", partial },
		{ type: "done", reason: "stop", message: final },
	];
}

describe("the conformance suite's event protocol check", () => {
	const hi = message([{ type: "text", text: "Hi" }]);

	it("accepts a stream that keeps the protocol", () => {
		expect(() => assertEventProtocol(textEvents(hi), hi)).not.toThrow();
	});

	it.each<[string, (events: AssistantMessageEvent[]) => AssistantMessageEvent[], RegExp]>([
		["no start", (events) => events.slice(1), /first event must be start/],
		["two terminal events", (events) => [...events, events.at(-1)!], /exactly one terminal event/],
		[
			"no end before done",
			(events) => events.filter((event) => event.type !== "text_end"),
			/must end every block/,
		],
		[
			"a delta for a block that never started",
			(events) => events.filter((event) => event.type !== "text_start"),
			/not started/,
		],
		[
			"an end that differs from the final block",
			(events) => events.map((event) => (event.type === "text_end" ? { ...event, content: "H" } : event)),
			/text_end of block 0/,
		],
		[
			"deltas that do not add up to the final text",
			(events) => events.filter((event, index) => !(event.type === "text_delta" && index === 3)),
			/text 0 ≠ its deltas/,
		],
	])("rejects %s", (_name, change, expected) => {
		expect(() => assertEventProtocol(change(textEvents(hi)), hi)).toThrow(expected);
	});

	it("rejects a result() that is not the terminal event's message", () => {
		expect(() => assertEventProtocol(textEvents(hi), { ...hi, stopReason: "length" })).toThrow(/result\(\)/);
	});

	it("rejects scratch fields left in a final block", () => {
		const scratch = message([{ type: "text", text: "Hi", partialJson: "{" } as never]);
		expect(() => assertEventProtocol(textEvents(scratch), scratch)).toThrow(/not part of the type/);
	});

	it("rejects an error ending without a classification", () => {
		const failed = message([], { stopReason: "error", errorMessage: "boom" });
		const events: AssistantMessageEvent[] = [
			{ type: "start", partial: failed },
			{ type: "error", reason: "error", message: failed },
		];
		expect(() => assertEventProtocol(events, failed)).toThrow(/must carry error/);
	});
});

describe("the conformance suite's SSE frame ends", () => {
	it("ends frames after each blank line, whatever the line break, and at the body's end", () => {
		const body = new TextEncoder().encode("data: a\n\ndata: b\r\n\r\ndata: c\r\rdata: d");
		expect(sseFrameEnds(body)).toEqual([9, 20, 29, 36]);
	});
});

const anthropicTarget: ConformanceTarget = {
	api: "anthropic-messages",
	model: (serverUrl) => ({
		id: "claude-test",
		name: "Claude Test",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: serverUrl,
		reasoning: true,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 64_000,
	}),
	provider: createAnthropicMessagesProvider(),
	options: { apiKey: "sk-ant-suite" },
	encode: (script) => ({ body: encodeAnthropicStream(script) }),
	errorResponse: () => ({ status: 500, body: "{}" }),
	streamError: { type: "overloaded_error", kind: "overloaded" },
	malformedFrame: 'event: content_block_delta\ndata: {"type": oops\n\n',
	stopReasons: { stop: "end_turn", length: "max_tokens", toolUse: "tool_use", unknown: "new_reason" },
	features: { thinking: "signed", toolArguments: "streamed", cacheWrite: true, responseId: true },
};

function caseNamed(target: ConformanceTarget, start: string) {
	const found = conformanceCases(target).find((candidate) => candidate.name.startsWith(start));
	if (!found) throw new Error(`no case starts with ${start}`);
	return found;
}

describe("the conformance suite against broken providers", () => {
	it("fails the thinking case when the signature does not come back", async () => {
		const unsigned: ConformanceTarget = {
			...anthropicTarget,
			encode: (script) => ({
				body: encodeAnthropicStream({
					...script,
					blocks: script.blocks.map((block) =>
						block.type === "thinking" ? { ...block, signature: "something-else" } : block,
					),
				}),
			}),
		};
		await expect(caseNamed(unsigned, "thinking:").run()).rejects.toThrow(AssertionError);
	});

	it("fails every case of a stream function that throws instead of returning a stream", async () => {
		const throwing: ConformanceTarget = {
			...anthropicTarget,
			provider: () => {
				throw new Error("no key");
			},
		};
		await expect(caseNamed(throwing, "text:").run()).rejects.toThrow(/stream\(\) threw/);
	});

	it("names what an incomplete target lacks", () => {
		const { stopReasons: _stopReasons, malformedFrame: _malformedFrame, ...rest } = anthropicTarget;
		expect(() => conformanceCases(rest as ConformanceTarget)).toThrow(
			/stopReasons\.stop is missing.*malformedFrame is missing/,
		);
	});
});

describe("the two-piece split points of a body", () => {
	it("cut around every line end and inside every non-ASCII character, and every 8th byte elsewhere", () => {
		const body = new TextEncoder().encode('data: {"t":"café"}\n\nabcdefghijklmnopqrstuvwxyz');
		const points = splitPoints(body);
		const lineEnd = body.indexOf(0x0a);
		for (let at = lineEnd - 2; at <= lineEnd + 3; at++) expect(points).toContain(at);
		const accent = body.findIndex((byte) => byte >= 0x80);
		expect(points).toEqual(expect.arrayContaining([accent, accent + 1, accent + 2]));
		for (let at = 8; at < body.length; at += 8) expect(points).toContain(at);
		// ASCII far from a line end is cut only on the stride.
		expect(points).not.toContain(body.length - 3);
		expect(points.every((at) => at > 0 && at < body.length)).toBe(true);
	});
});

import { describe, expect, it } from "vitest";
import { bedrockEventFrame, bedrockStreamResponse, encodeBedrockStream } from "../src/testing/index.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

describe("content Bedrock-specific", () => {
	it("redacted reasoning becomes a redacted thinking block holding the encrypted bytes as base64", async () => {
		const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 60, 62]);
		wire.server.enqueue(
			encodeBedrockStream({
				blocks: [
					{ type: "redacted_thinking", data: bytes.toString("base64") },
					{ type: "text", text: "Done." },
				],
			}),
		);
		const { message, events } = await collect(testModel(wire.server));
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "", redacted: true, thinkingSignature: bytes.toString("base64") },
			{ type: "text", text: "Done." },
		]);
		expect(events.map((event) => event.type)).toEqual([
			"start",
			"thinking_start",
			"thinking_end",
			"text_start",
			"text_delta",
			"text_end",
			"done",
		]);
	});

	it("the reasoning signature, sent after the reasoning text, is kept byte-for-byte", async () => {
		const signature = "EqQBCgIYAhIM+/z9==\u00e9\u2028";
		wire.server.enqueue(
			encodeBedrockStream({
				blocks: [
					{ type: "thinking", thinking: "Let me see: 🦅 it’s fine.", signature, deltaSize: 4 },
					{ type: "text", text: "Yes." },
				],
			}),
		);
		const { message } = await collect(testModel(wire.server), undefined, { reasoning: "low" });
		expect(message.content[0]).toEqual({
			type: "thinking",
			thinking: "Let me see: 🦅 it’s fine.",
			thinkingSignature: signature,
		});
	});

	it("a tool call's arguments stream in pieces, kept current in partial, exact at the end", async () => {
		const args = { path: "src/index.ts", lines: [1, 20], note: "“quoted” ✅" };
		wire.server.enqueue(
			encodeBedrockStream({
				blocks: [{ type: "toolCall", id: "tooluse_Qz8", name: "read", arguments: args, deltaSize: 3 }],
			}),
		);
		const { message, events } = await collect(testModel(wire.server));
		const partials = events.flatMap((event) =>
			event.type === "toolcall_delta" ? [JSON.stringify(event.partial.content[0])] : [],
		);
		expect(partials.length).toBeGreaterThan(10);
		expect(partials.some((partial) => partial.includes('"path":"src/index.ts"'))).toBe(true);
		expect(message.content).toEqual([{ type: "toolCall", id: "tooluse_Qz8", name: "read", arguments: args }]);
		expect(message.stopReason).toBe("toolUse");
	});

	it("the response id is the x-amzn-requestid of the response", async () => {
		wire.server.enqueue(
			encodeBedrockStream({ blocks: [{ type: "text", text: "ok" }] }, { requestId: "req-42" }),
		);
		const { message } = await collect(testModel(wire.server));
		expect(message.responseId).toBe("req-42");
	});

	it("a response that ends after messageStop without metadata still finishes, with zero usage", async () => {
		wire.server.enqueue(
			encodeBedrockStream({ blocks: [{ type: "text", text: "ok" }] }, { omitMetadata: true }),
		);
		const { message } = await collect(testModel(wire.server));
		expect(message.stopReason).toBe("stop");
		expect(message.usage.totalTokens).toBe(0);
	});

	it("events Kestrel does not request (a server tool's result block) are skipped", async () => {
		const frames = [
			bedrockEventFrame("messageStart", { role: "assistant" }),
			bedrockEventFrame("contentBlockStart", {
				contentBlockIndex: 0,
				start: { toolResult: { toolUseId: "srv_1", status: "success" } },
			}),
			bedrockEventFrame("contentBlockStop", { contentBlockIndex: 0 }),
			bedrockEventFrame("contentBlockDelta", { contentBlockIndex: 1, delta: { text: "Answer." } }),
			bedrockEventFrame("contentBlockStop", { contentBlockIndex: 1 }),
			bedrockEventFrame("messageStop", { stopReason: "end_turn" }),
			bedrockEventFrame("metadata", { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }),
		];
		wire.server.enqueue(bedrockStreamResponse(frames));
		const { message } = await collect(testModel(wire.server));
		expect(message.content).toEqual([{ type: "text", text: "Answer." }]);
		expect(message.stopReason).toBe("stop");
	});
});

describe("odd chunk splits", () => {
	it("signed and redacted reasoning and a tool call, written one byte at a time, give the same message", async () => {
		const script = {
			blocks: [
				{ type: "thinking" as const, thinking: "Plan 🦅.", signature: "SIG+/=", deltaSize: 3 },
				{ type: "redacted_thinking" as const, data: Buffer.from([1, 2, 3, 255]).toString("base64") },
				{ type: "toolCall" as const, id: "tooluse_1", name: "ls", arguments: { path: "é/ü" }, deltaSize: 2 },
			],
			usage: { input: 3, output: 4 },
		};
		wire.server.enqueue(encodeBedrockStream(script));
		const whole = (await collect(testModel(wire.server))).message;
		wire.server.enqueue({ ...encodeBedrockStream(script), chunking: 1 });
		const split = (await collect(testModel(wire.server))).message;
		expect(whole.stopReason).toBe("toolUse");
		expect(whole.content).toHaveLength(3);
		const { timestamp: _a, ...wholeRest } = whole;
		const { timestamp: _b, ...splitRest } = split;
		expect(splitRest).toEqual(wholeRest);
	});
});

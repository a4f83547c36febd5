import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { ToolCall } from "../../src/types.js";
import { run, sequence, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

/** A thought signature as Gemini sends it: base64 with `+`, `/` and `=` that must survive untouched. */
const SIGNATURE =
	"CikBcsjafFK168IbtVtoxVV0Tsn8O+eU45rzJahzwuKGmMbdMdfpmNpgBwplAXLI2nyA/pIFcnZwFm+7WFmLyMd8R4DXwsjqaeAAfCKo5G1x=";

describe("google-generative-ai: text, thinking and signatures", () => {
	it("puts a signature on a text part into textSignature of its text block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "text", text: "Signed answer", deltaSize: 6 }] },
				{ signatures: { 0: SIGNATURE } },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "Signed answer", textSignature: SIGNATURE }]);
	});

	it("keeps a signature that arrives on an empty trailing part as an empty signed text block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "toolCall", id: "call_t", name: "ls", arguments: { path: "." } }] },
				{ trailingSignature: SIGNATURE },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "toolCall", id: "call_t", name: "ls", arguments: { path: "." } },
			{ type: "text", text: "", textSignature: SIGNATURE },
		]);
		expect(message.stopReason).toBe("toolUse");
	});

	it("attaches a signature that arrives on an empty thought part to the open thinking block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "Planning the answer.", deltaSize: 8 },
					{ type: "thinking", thinking: "", signature: SIGNATURE },
					{ type: "text", text: "Done." },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Planning the answer.", thinkingSignature: SIGNATURE },
			{ type: "text", text: "Done." },
		]);
	});

	it("starts a new thinking block when a second signature arrives, so signatures are never concatenated", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "First thought.", signature: "c2lnLTE=" },
					{ type: "thinking", thinking: "Second thought.", signature: "c2lnLTI=" },
					{ type: "text", text: "Answer." },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "First thought.", thinkingSignature: "c2lnLTE=" },
			{ type: "thinking", thinking: "Second thought.", thinkingSignature: "c2lnLTI=" },
			{ type: "text", text: "Answer." },
		]);
	});

	it("starts a new block each time the stream switches between thought and text parts", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "a" },
					{ type: "text", text: "b" },
					{ type: "thinking", thinking: "c" },
					{ type: "text", text: "d" },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "thinking", "text"]);
	});

	it("reads frames delimited by \\n\\n as proxies send them", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "text", text: "via a proxy", deltaSize: 3 }] },
				{ lineBreak: "\n" },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "via a proxy" }]);
		expect(message.stopReason).toBe("stop");
	});
});

describe("google-generative-ai: function calls", () => {
	it("turns a functionCall part into one complete tool call with its id, whole arguments and signature", async () => {
		const args = {
			path: "src/main.ts",
			range: [1, 20],
			options: { follow: true, note: 'quote " and \\ ok' },
		};
		server.current.enqueue({
			body: encodeGeminiStream(
				{
					blocks: [
						{ type: "text", text: "Let me read it." },
						{ type: "toolCall", id: "fc_0a1b2c", name: "read", arguments: args },
					],
				},
				{ signatures: { 1: "Y2FsbC1zaWduYXR1cmU=" } },
			),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "text", text: "Let me read it." },
			{
				type: "toolCall",
				id: "fc_0a1b2c",
				name: "read",
				arguments: args,
				thoughtSignature: "Y2FsbC1zaWduYXR1cmU=",
			},
		]);
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("STOP");
		expect(sequence(events)).toEqual([
			"start",
			"text_start@0",
			"text_delta@0",
			"text_end@0",
			"toolcall_start@1",
			"toolcall_end@1",
			"done",
		]);
		const end = events.find((event) => event.type === "toolcall_end");
		expect(end?.type === "toolcall_end" && end.toolCall).toEqual(message.content[1]);
	});

	it("generates unique ids for calls without one, also across responses", async () => {
		const blocks = [
			{ type: "toolCall" as const, id: "", name: "ls", arguments: { path: "." } },
			{ type: "toolCall" as const, id: "", name: "ls", arguments: { path: "src" } },
			{ type: "toolCall" as const, id: "", name: "now", arguments: {} },
		];
		server.current.enqueue(
			{ body: encodeGeminiStream({ blocks }) },
			{ body: encodeGeminiStream({ blocks }) },
		);
		const first = await run(testModel(server.current), userSays());
		const second = await run(testModel(server.current), userSays());
		const calls = [...first.message.content, ...second.message.content] as ToolCall[];
		expect(calls.map((call) => call.name)).toEqual(["ls", "ls", "now", "ls", "ls", "now"]);
		expect(first.message.content).toEqual([
			{ type: "toolCall", id: expect.any(String), name: "ls", arguments: { path: "." } },
			{ type: "toolCall", id: expect.any(String), name: "ls", arguments: { path: "src" } },
			{ type: "toolCall", id: expect.any(String), name: "now", arguments: {} },
		]);
		const ids = calls.map((call) => call.id);
		expect(new Set(ids).size).toBe(6);
		for (const id of ids) expect(id).toMatch(/^call_[a-f0-9]{24}$/);
	});

	it("keeps ids the response sends and generates only the missing ones", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "toolCall", id: "abc123", name: "ls", arguments: { path: "." } },
					{ type: "toolCall", id: "", name: "ls", arguments: { path: "lib" } },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		const [first, second] = message.content as ToolCall[];
		expect(first?.id).toBe("abc123");
		expect(second?.id).toMatch(/^call_/);
		expect(second?.id).not.toBe("abc123");
	});

	it("ends text and thinking before a call and continues with text after it in a new block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "I should look.", signature: "c2ln" },
					{ type: "toolCall", id: "c1", name: "ls", arguments: {} },
					{ type: "text", text: "Looking now." },
				],
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "I should look.", thinkingSignature: "c2ln" },
			{ type: "toolCall", id: "c1", name: "ls", arguments: {} },
			{ type: "text", text: "Looking now." },
		]);
		expect(sequence(events).filter((entry) => entry.endsWith("_end@0") || entry.includes("@1"))).toEqual([
			"thinking_end@0",
			"toolcall_start@1",
			"toolcall_end@1",
		]);
	});

	it("gives a call without args empty arguments", async () => {
		const body = encodeGeminiStream({ blocks: [{ type: "toolCall", id: "c0", name: "now", arguments: {} }] });
		server.current.enqueue({ body: body.replace(',"args": {}', "") });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "toolCall", id: "c0", name: "now", arguments: {} }]);
	});
});

import { describe, expect, it } from "vitest";
import { UNSIGNED_CALL_SIGNATURE } from "../../src/providers/google-generative-ai/convert.js";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { AssistantMessage, Message, Model } from "../../src/types.js";
import {
	assistant,
	contentsSentFor,
	run,
	testModel,
	textResult,
	userMessage,
	useWireServer,
} from "./fixtures.js";

const server = useWireServer();

/** Thinking text with an emoji, a typographic apostrophe and a lone surrogate: signed, so sacred. */
const SIGNED_THINKING = "Plan 🧭: it’s fine \ud83d then go";
const THOUGHT_SIGNATURE = "EpQHCkYIBxgCKkDz+/Ab9Qz5HsfTqVtX0Rc/B8h+1gN==";
const TEXT_SIGNATURE = "Ck8BVKhc7x+/textsig==";
const CALL_SIGNATURE = "CikBcsjafFK168I+/callsig=";

const sentContents = (messages: Message[], model?: Model<"google-generative-ai">) =>
	contentsSentFor(server.current, messages, model);
const user = userMessage;
const result = textResult;

describe("google-generative-ai: replaying history", () => {
	it("sends its own streamed response back part for part, signatures and signed text byte-for-byte", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{
					blocks: [
						{ type: "thinking", thinking: SIGNED_THINKING, signature: THOUGHT_SIGNATURE, deltaSize: 7 },
						{ type: "text", text: "I’ll look 👀", deltaSize: 4 },
						{ type: "toolCall", id: "", name: "ls", arguments: { path: "./naïve 😀" } },
					],
				},
				{ signatures: { 1: TEXT_SIGNATURE, 2: CALL_SIGNATURE } },
			),
		});
		const first = await run(testModel(server.current), { messages: [user("List it.")] });
		const reply = first.message;
		expect(reply.content[0]).toEqual({
			type: "thinking",
			thinking: SIGNED_THINKING,
			thinkingSignature: THOUGHT_SIGNATURE,
		});
		const callId = reply.content[2]?.type === "toolCall" ? reply.content[2].id : "";

		const contents = await sentContents([user("List it."), reply, result(callId, "ls", "a.txt")]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "List it." }] },
			{
				role: "model",
				parts: [
					{ text: SIGNED_THINKING, thought: true, thoughtSignature: THOUGHT_SIGNATURE },
					{ text: "I’ll look 👀", thoughtSignature: TEXT_SIGNATURE },
					{
						functionCall: { id: callId, name: "ls", args: { path: "./naïve 😀" } },
						thoughtSignature: CALL_SIGNATURE,
					},
				],
			},
			{
				role: "user",
				parts: [{ functionResponse: { id: callId, name: "ls", response: { output: "a.txt" } } }],
			},
		]);
		const modelParts = contents[1]?.parts ?? [];
		expect(modelParts[0]?.text).toBe(SIGNED_THINKING);
		expect(String(modelParts[0]?.text).includes("\ud83d")).toBe(true);
	});

	it("keeps an empty signed text part and an empty signed thought part", async () => {
		const contents = await sentContents([
			user("Go."),
			assistant([
				{ type: "thinking", thinking: "", thinkingSignature: THOUGHT_SIGNATURE },
				{ type: "toolCall", id: "c1", name: "ls", arguments: {} },
				{ type: "text", text: "", textSignature: TEXT_SIGNATURE },
			]),
			result("c1", "ls", "done"),
		]);
		expect(contents[1]?.parts).toEqual([
			{ text: "", thought: true, thoughtSignature: THOUGHT_SIGNATURE },
			{ functionCall: { id: "c1", name: "ls", args: {} }, thoughtSignature: UNSIGNED_CALL_SIGNATURE },
			{ text: "", thoughtSignature: TEXT_SIGNATURE },
		]);
	});

	it("drops thinking and signatures made by another model of the same API", async () => {
		const contents = await sentContents([
			user("Hi."),
			assistant(
				[
					{ type: "thinking", thinking: "older model's plan", thinkingSignature: THOUGHT_SIGNATURE },
					{ type: "text", text: "Hello!", textSignature: TEXT_SIGNATURE },
				],
				{ model: "gemini-2.0-flash", stopReason: "stop" },
			),
			user("Again."),
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Hi." }] },
			{ role: "model", parts: [{ text: "Hello!" }] },
			{ role: "user", parts: [{ text: "Again." }] },
		]);
	});

	it("drops foreign thinking and never sends foreign signatures, keeping text and calls", async () => {
		const fromClaude: AssistantMessage = assistant(
			[
				{ type: "thinking", thinking: "Claude's reasoning", thinkingSignature: "claude-sig" },
				{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "opaque" },
				{ type: "text", text: "Reading." },
				{ type: "toolCall", id: "toolu_01", name: "read", arguments: { path: "a" } },
			],
			{ api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" },
		);
		const fromResponses: AssistantMessage = assistant(
			[{ type: "text", text: "Done reading.", textSignature: "msg_abc123" }],
			{ api: "openai-responses", provider: "openai", model: "gpt-5", stopReason: "stop" },
		);
		const contents = await sentContents([
			user("Read a."),
			fromClaude,
			result("toolu_01", "read", "content"),
			fromResponses,
			user("Next."),
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Read a." }] },
			{
				role: "model",
				parts: [
					{ text: "Reading." },
					{
						functionCall: { id: "toolu_01", name: "read", args: { path: "a" } },
						thoughtSignature: "skip_thought_signature_validator",
					},
				],
			},
			{
				role: "user",
				parts: [{ functionResponse: { id: "toolu_01", name: "read", response: { output: "content" } } }],
			},
			{ role: "model", parts: [{ text: "Done reading." }] },
			{ role: "user", parts: [{ text: "Next." }] },
		]);
		expect(JSON.stringify(contents)).not.toMatch(/claude-sig|opaque|msg_abc123|reasoning/);
	});

	it("leaves out empty text and own thinking that has no signature", async () => {
		const contents = await sentContents([
			user("  "),
			user("Hi."),
			assistant(
				[
					{ type: "thinking", thinking: "unsigned thought" },
					{ type: "text", text: "" },
					{ type: "text", text: "Hello." },
				],
				{ stopReason: "stop" },
			),
			user("Bye."),
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Hi." }] },
			{ role: "model", parts: [{ text: "Hello." }] },
			{ role: "user", parts: [{ text: "Bye." }] },
		]);
	});
});

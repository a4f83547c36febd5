import { describe, expect, it } from "vitest";
import { isOwnMessage } from "../../src/replay/assistant-content.js";
import { prepareReplay } from "../../src/replay/prepare-replay.js";
import {
	ANTHROPIC_MESSAGES_REPLAY,
	GOOGLE_GENERATIVE_AI_REPLAY,
	OPENAI_RESPONSES_REPLAY,
	openAICompletionsReplay,
	type ReplayRules,
} from "../../src/replay/target-rules.js";
import type { AssistantContent, AssistantMessage, Message, Model } from "../../src/types.js";
import { claude, codex, frozen, gemini, gpt, targetModel, turn, user } from "./fixtures.js";

/** Emoji, a typographic apostrophe and a lone high surrogate: signed bytes that must survive. */
const SIGNED_TEXT = "Plan 🦅: it’s \uD83D safe";
const REASONING_ITEM = JSON.stringify({
	type: "reasoning",
	id: "rs_68af0c",
	summary: [{ type: "summary_text", text: SIGNED_TEXT }],
	encrypted_content: "gAAAAABo…==",
});

function replayedContent(messages: Message[], target: Model, rules: ReplayRules): AssistantContent[] {
	const out = prepareReplay(frozen(messages), target, rules);
	return out.flatMap((message) => (message.role === "assistant" ? message.content : []));
}

describe("own signed material", () => {
	it.each([
		[
			"Anthropic thinking",
			claude,
			ANTHROPIC_MESSAGES_REPLAY,
			{ type: "thinking", thinking: SIGNED_TEXT, thinkingSignature: "EqQBCgIYAhIM+/==" },
		],
		[
			"Anthropic redacted thinking",
			claude,
			ANTHROPIC_MESSAGES_REPLAY,
			{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "EmwKAhgBEgy3va3p" },
		],
		[
			"Anthropic thinking with omitted text",
			claude,
			ANTHROPIC_MESSAGES_REPLAY,
			{ type: "thinking", thinking: "", thinkingSignature: "EqQBomitted" },
		],
		[
			"a Responses reasoning item",
			codex,
			OPENAI_RESPONSES_REPLAY,
			{ type: "thinking", thinking: SIGNED_TEXT, thinkingSignature: REASONING_ITEM },
		],
		[
			"Responses text with its message id",
			codex,
			OPENAI_RESPONSES_REPLAY,
			{ type: "text", text: SIGNED_TEXT, textSignature: "msg_68af0d" },
		],
		[
			"a Gemini thought",
			gemini,
			GOOGLE_GENERATIVE_AI_REPLAY,
			{ type: "thinking", thinking: SIGNED_TEXT, thinkingSignature: "CiQB0e2Kb" },
		],
		[
			"Gemini text with a thought signature",
			gemini,
			GOOGLE_GENERATIVE_AI_REPLAY,
			{ type: "text", text: SIGNED_TEXT, textSignature: "CiQB0e2Kc" },
		],
		[
			"a Gemini function call with a thought signature",
			gemini,
			GOOGLE_GENERATIVE_AI_REPLAY,
			{
				type: "toolCall",
				id: "call_g1",
				name: "ls",
				arguments: { path: SIGNED_TEXT },
				thoughtSignature: "CiQB0e2Kd",
			},
		],
	] as [string, Model, ReplayRules, AssistantContent][])(
		"replays %s as the same object: byte-for-byte, never sanitised",
		(_name, model, rules, block) => {
			const [replayed] = replayedContent([user("go"), turn(model, [block])], model, rules);
			expect(replayed).toBe(block);
			expect(JSON.stringify(replayed)).toBe(JSON.stringify(block));
		},
	);

	it("treats another model of the same provider and API as foreign (signatures are bound to the model)", () => {
		const opus = targetModel("anthropic-messages", "anthropic", "claude-opus-4-1");
		const message = turn(claude, [
			{ type: "thinking", thinking: "sonnet's plan", thinkingSignature: "EqQB" },
		]);
		expect(isOwnMessage(message, claude)).toBe(true);
		expect(isOwnMessage(message, opus)).toBe(false);
		expect(isOwnMessage({ ...message, provider: "amazon-bedrock" }, claude)).toBe(false);
		expect(replayedContent([message, user("go on")], opus, ANTHROPIC_MESSAGES_REPLAY)).toEqual([]);
		expect(replayedContent([message], claude, ANTHROPIC_MESSAGES_REPLAY)).toEqual(message.content);
	});
});

describe("foreign thinking and signatures", () => {
	const foreign: AssistantMessage = turn(claude, [
		{ type: "thinking", thinking: SIGNED_TEXT, thinkingSignature: "EqQBCgIYAhIM+/==" },
		{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "EmwKAhgBEgy3va3p" },
		{ type: "thinking", thinking: "  \n", thinkingSignature: "EqQBblank" },
		{ type: "text", text: "Listing.", textSignature: "msg_foreign" },
		{
			type: "toolCall",
			id: "toolu_01",
			name: "ls",
			arguments: { path: "." },
			thoughtSignature: "CiQBforeign",
		},
	]);

	it.each([
		["Anthropic", claude, ANTHROPIC_MESSAGES_REPLAY],
		["Chat Completions", gpt, openAICompletionsReplay("default")],
		["Mistral", gpt, openAICompletionsReplay("mistral")],
		["OpenAI Responses", codex, OPENAI_RESPONSES_REPLAY],
		["Gemini", gemini, GOOGLE_GENERATIVE_AI_REPLAY],
	] as [string, Model, ReplayRules][])(
		"drops readable, redacted and empty thinking of another model for %s, never turning it into text",
		(_name, target, rules) => {
			const opus = targetModel("anthropic-messages", "anthropic", "claude-opus-4-1");
			const content = replayedContent([{ ...foreign, model: opus.id }], target, rules);
			expect(content.filter((block) => block.type !== "toolCall")).toEqual([
				{ type: "text", text: "Listing." },
			]);
			expect(JSON.stringify(content)).not.toContain("Plan");
		},
	);

	it("strips foreign text and thought signatures, which another model would reject", () => {
		const content = replayedContent([foreign], gemini, GOOGLE_GENERATIVE_AI_REPLAY);
		expect(JSON.stringify(content)).not.toMatch(/EqQB|EmwK|msg_foreign|CiQBforeign/);
	});
});

describe("own thinking without a signature", () => {
	const cut = { type: "thinking", thinking: "cut before its signature \uDC00" } as const;

	it("is dropped for Anthropic, which requires a signature on every thinking block", () => {
		expect(replayedContent([turn(claude, [cut])], claude, ANTHROPIC_MESSAGES_REPLAY)).toEqual([]);
	});

	it("stays a thinking block (sanitised) for targets that decide themselves", () => {
		expect(replayedContent([turn(gpt, [cut])], gpt, openAICompletionsReplay("default"))).toEqual([
			{ type: "thinking", thinking: "cut before its signature " },
		]);
		expect(replayedContent([turn(gemini, [cut])], gemini, GOOGLE_GENERATIVE_AI_REPLAY)).toEqual([
			{ type: "thinking", thinking: "cut before its signature " },
		]);
		// Responses must see it: the turn's item ids would need the reasoning it stands for.
		expect(replayedContent([turn(codex, [cut])], codex, OPENAI_RESPONSES_REPLAY)).toEqual([
			{ type: "thinking", thinking: "cut before its signature " },
		]);
	});

	it("leaves out an assistant turn that has nothing left to send", () => {
		const onlyRedacted = turn(claude, [
			{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "x" },
		]);
		expect(
			prepareReplay([user("hi"), onlyRedacted, user("again")], gpt, openAICompletionsReplay("default")),
		).toEqual([user("hi"), user("again")]);
	});
});

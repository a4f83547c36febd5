import { createAnthropicMessagesProvider } from "../../providers/anthropic-messages/index.js";
import { createGoogleGenerativeAIProvider } from "../../providers/google-generative-ai/index.js";
import { createOpenAICompletionsProvider } from "../../providers/openai-completions/index.js";
import { createOpenAIResponsesProvider } from "../../providers/openai-responses/index.js";
import type { Model } from "../../types.js";
import { encodeAnthropicStream } from "../wire-server/anthropic-messages.js";
import { encodeGeminiStream } from "../wire-server/google-generative-ai.js";
import { encodeOpenAICompletionsStream } from "../wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../wire-server/openai-responses.js";
import type { ScriptBlock } from "../wire-server/script.js";
import { readGeminiBody } from "./gemini-transcript.js";
import { defineHandoffApi, type HandoffApi, handoffModel, scriptBlocks } from "./handoff-api.js";
import { readResponsesBody } from "./responses-transcript.js";
import { readAnthropicBody, readChatCompletionsBody } from "./transcripts.js";

const WORD_ID = /^[a-zA-Z0-9_-]{1,64}$/;

const anthropic = defineHandoffApi({
	name: "anthropic",
	model: (server) =>
		handoffModel("anthropic-messages", "anthropic", "claude-test-4-5", { baseUrl: server.url }),
	provider: createAnthropicMessagesProvider(),
	encode: (plan, turn) => {
		const thinking: ScriptBlock[] = [
			{
				type: "thinking",
				thinking: plan.thinking,
				signature: `SIG-anthropic-${turn}-EqQBCgIYAhIM+/==`,
				deltaSize: 7,
			},
			{ type: "redacted_thinking", data: `SIG-anthropic-${turn}-redacted-EmwKAhgBEgy3` },
		];
		const id = (index: number) => `toolu_01${turn}${index}A09q90qw90lq917835lq`;
		return { body: encodeAnthropicStream({ blocks: scriptBlocks(plan, thinking, id) }) };
	},
	read: readAnthropicBody,
	validId: WORD_ID,
});

function chatCompletionsApi(
	name: string,
	provider: string,
	id: string,
	input: Model["input"],
	callId: (turn: number, index: number) => string,
	validId: RegExp,
): HandoffApi {
	return defineHandoffApi({
		name,
		model: (server) =>
			handoffModel("openai-completions", provider, id, {
				baseUrl: `${server.url}/v1`,
				reasoning: false,
				input,
			}),
		provider: createOpenAICompletionsProvider(),
		encode: (plan, turn) => {
			const thinking: ScriptBlock[] = [{ type: "thinking", thinking: plan.thinking, deltaSize: 5 }];
			const blocks = scriptBlocks(plan, thinking, (index) => callId(turn, index));
			return { body: encodeOpenAICompletionsStream({ blocks }) };
		},
		read: readChatCompletionsBody,
		validId,
	});
}

const openaiCompletions = chatCompletionsApi(
	"openai-completions",
	"openai",
	"gpt-4.1",
	["text", "image"],
	(turn, index) => `call_${turn}${index}Bx6WqPn1Gz3vY8kR2mT4sJ`,
	/^.{1,40}$/su,
);

/** A text-only server behind chat completions that demands Mistral's 9-character ids. */
const mistral = chatCompletionsApi(
	"mistral",
	"mistral",
	"mistral-large-latest",
	["text"],
	(turn, index) => `D681P${turn}${index}Ks`,
	/^[a-zA-Z0-9]{9}$/,
);

/** A Responses call id as OpenAI makes it: `call_…|fc_…`, 400+ characters with base64 punctuation. */
export function responsesCallId(turn: number, index: number): string {
	return `call_${turn}${index}${"K".repeat(20)}|fc_${turn}${index}${"x9_Qz/+=".repeat(50)}`;
}

/** OpenAI Responses: encrypted reasoning items, message ids, `call_…|fc_…` ids. */
const openaiResponses = defineHandoffApi({
	name: "openai-responses",
	model: (server) => handoffModel("openai-responses", "openai", "gpt-5", { baseUrl: `${server.url}/v1` }),
	provider: createOpenAIResponsesProvider(),
	encode: (plan, turn) => {
		const signature = `SIG-openai-responses-${turn}-gAAAAABo+k3Zq/7Xv0Jd==`;
		const thinking: ScriptBlock[] = [{ type: "thinking", thinking: plan.thinking, signature, deltaSize: 6 }];
		const blocks = scriptBlocks(plan, thinking, (index) => responsesCallId(turn, index));
		return { body: encodeOpenAIResponsesStream({ blocks }) };
	},
	read: readResponsesBody,
	validId: WORD_ID,
});

/**
 * Gemini 3: signatures on the thought, the answer text and the first call of the step
 * (the second of two parallel calls is unsigned, as Gemini sends it); calls come without
 * ids, so the provider makes them.
 */
const google = defineHandoffApi({
	name: "google",
	model: (server) =>
		handoffModel("google-generative-ai", "google", "gemini-3-pro-preview", {
			baseUrl: server.url,
			compat: { "google-generative-ai": { thinkingMode: "level" } },
		}),
	provider: createGoogleGenerativeAIProvider(),
	encode: (plan, turn) => {
		const thinking: ScriptBlock[] = [
			{
				type: "thinking",
				thinking: plan.thinking,
				signature: `SIG-google-${turn}-thought+/==`,
				deltaSize: 6,
			},
		];
		const signatures = { 1: `SIG-google-${turn}-text+/==`, 2: `SIG-google-${turn}-call0+/==` };
		return { body: encodeGeminiStream({ blocks: scriptBlocks(plan, thinking, () => "") }, { signatures }) };
	},
	read: readGeminiBody,
	validId: WORD_ID,
});

/** The built-in APIs of the handoff matrix, by name. */
export const BUILT_IN_HANDOFF_APIS = {
	anthropic,
	openaiCompletions,
	openaiResponses,
	google,
	mistral,
} as const;

/**
 * The built-in APIs as handoff producers and targets: Anthropic, OpenAI Chat Completions,
 * OpenAI Responses, Gemini 3 and a Mistral-id server on Chat Completions.
 */
export function builtInHandoffApis(): HandoffApi[] {
	return [anthropic, openaiCompletions, openaiResponses, google, mistral];
}

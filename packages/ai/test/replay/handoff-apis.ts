/**
 * The APIs of the handoff matrix. Each one produces assistant turns through its real
 * provider and SDK, against the loopback server playing that API's encoder, and receives
 * conversations as a target the same way; its request bodies are read back into one
 * neutral shape (`wire-transcripts.ts` and the readers next to it).
 *
 * Adding an API is adding an entry: a model, its provider, how a turn plan is encoded
 * in its wire format (with its real id and signature shapes) and how its bodies are read.
 */
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { createGoogleGenerativeAIProvider } from "../../src/providers/google-generative-ai/index.js";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { createOpenAIResponsesProvider } from "../../src/providers/openai-responses/index.js";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { ScriptBlock } from "../../src/testing/wire-server/script.js";
import type { WireServer } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage, Context, Model, ProviderImplementation } from "../../src/types.js";
import { targetModel } from "./fixtures.js";
import { readGeminiBody } from "./gemini-transcript.js";
import { readResponsesBody } from "./responses-transcript.js";
import { readAnthropicBody, readChatCompletionsBody, type WireTranscript } from "./wire-transcripts.js";

/** What a model says in one turn, in neutral terms. */
export interface TurnPlan {
	thinking: string;
	text: string;
	calls: { name: string; arguments: Record<string, unknown> }[];
}

/** Every signature an API makes contains `SIG-<name>-`, so foreign ones are easy to find in a body. */
export function signatureMarker(api: HandoffApi): string {
	return `SIG-${api.name}-`;
}

export interface HandoffApi {
	name: string;
	model(server: WireServer): Model;
	/** Sends the conversation, plays `plan` as the reply; returns the reply and the body sent. */
	send(
		server: WireServer,
		context: Context,
		plan: TurnPlan,
		turn: number,
	): Promise<{ message: AssistantMessage; body: Record<string, unknown> }>;
	read(body: Record<string, unknown>): WireTranscript;
	/** Every tool-call id in a request must match it (for Responses: the `call_id`). */
	validId: RegExp;
}

function handoffApi(
	name: string,
	model: (server: WireServer) => Model,
	provider: ProviderImplementation,
	encode: (plan: TurnPlan, turn: number) => string,
	read: (body: Record<string, unknown>) => WireTranscript,
	validId: RegExp,
): HandoffApi {
	const send = async (server: WireServer, context: Context, plan: TurnPlan, turn: number) => {
		server.enqueue({ body: encode(plan, turn) });
		const options = { apiKey: "sk-handoff-test", maxRetries: 0, reasoning: "medium" as const };
		const message = await provider.stream(model(server), context, options).result();
		if (message.stopReason === "error") throw new Error(`${name} failed: ${message.errorMessage}`);
		return { message, body: server.requests.at(-1)?.body as Record<string, unknown> };
	};
	return { name, model, send, read, validId };
}

/** Thinking first, then the answer text, then the calls: the order every API streams them in. */
function scriptBlocks(plan: TurnPlan, thinking: ScriptBlock[], id: (index: number) => string): ScriptBlock[] {
	const calls = plan.calls.map(
		(call, index): ScriptBlock => ({
			type: "toolCall",
			id: id(index),
			name: call.name,
			arguments: call.arguments,
		}),
	);
	return [...thinking, { type: "text", text: plan.text }, ...calls];
}

const WORD_ID = /^[a-zA-Z0-9_-]{1,64}$/;

const anthropic = handoffApi(
	"anthropic",
	(server) => targetModel("anthropic-messages", "anthropic", "claude-test-4-5", { baseUrl: server.url }),
	createAnthropicMessagesProvider(),
	(plan, turn) => {
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
		return encodeAnthropicStream({ blocks: scriptBlocks(plan, thinking, id) });
	},
	readAnthropicBody,
	WORD_ID,
);

function chatCompletionsApi(
	name: string,
	provider: string,
	id: string,
	input: Model["input"],
	callId: (turn: number, index: number) => string,
	validId: RegExp,
) {
	return handoffApi(
		name,
		(server) =>
			targetModel("openai-completions", provider, id, {
				baseUrl: `${server.url}/v1`,
				reasoning: false,
				input,
			}),
		createOpenAICompletionsProvider(),
		(plan, turn) => {
			const thinking: ScriptBlock[] = [{ type: "thinking", thinking: plan.thinking, deltaSize: 5 }];
			return encodeOpenAICompletionsStream({
				blocks: scriptBlocks(plan, thinking, (index) => callId(turn, index)),
			});
		},
		readChatCompletionsBody,
		validId,
	);
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
const openaiResponses = handoffApi(
	"openai-responses",
	(server) => targetModel("openai-responses", "openai", "gpt-5", { baseUrl: `${server.url}/v1` }),
	createOpenAIResponsesProvider(),
	(plan, turn) => {
		const signature = `SIG-openai-responses-${turn}-gAAAAABo+k3Zq/7Xv0Jd==`;
		const thinking: ScriptBlock[] = [{ type: "thinking", thinking: plan.thinking, signature, deltaSize: 6 }];
		return encodeOpenAIResponsesStream({
			blocks: scriptBlocks(plan, thinking, (index) => responsesCallId(turn, index)),
		});
	},
	readResponsesBody,
	WORD_ID,
);

/**
 * Gemini 3: signatures on the thought, the answer text and the first call of the step
 * (the second of two parallel calls is unsigned, as Gemini sends it); calls come without
 * ids, so the provider makes them.
 */
const google = handoffApi(
	"google",
	(server) =>
		targetModel("google-generative-ai", "google", "gemini-3-pro-preview", {
			baseUrl: server.url,
			compat: { "google-generative-ai": { thinkingMode: "level" } },
		}),
	createGoogleGenerativeAIProvider(),
	(plan, turn) => {
		const thinking: ScriptBlock[] = [
			{
				type: "thinking",
				thinking: plan.thinking,
				signature: `SIG-google-${turn}-thought+/==`,
				deltaSize: 6,
			},
		];
		const signatures = { 1: `SIG-google-${turn}-text+/==`, 2: `SIG-google-${turn}-call0+/==` };
		return encodeGeminiStream({ blocks: scriptBlocks(plan, thinking, () => "") }, { signatures });
	},
	readGeminiBody,
	WORD_ID,
);

/** Every API, each a producer and a target. */
export const HANDOFF_APIS: HandoffApi[] = [anthropic, openaiCompletions, openaiResponses, google, mistral];

export const API = { anthropic, openaiCompletions, openaiResponses, google, mistral };

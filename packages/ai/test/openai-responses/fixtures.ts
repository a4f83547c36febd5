import { expect } from "vitest";
import { createOpenAIResponsesProvider } from "../../src/providers/openai-responses/index.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { WireServer } from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	Message,
	Model,
	OpenAIResponsesCompat,
	StreamOptions,
	ToolResultMessage,
} from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import {
	type Collected,
	collectStream,
	requestBody,
	userContext,
	withoutTimestamp,
} from "../support/wire-fixture.js";

export { type Collected, requestBody, userContext, useWireServer } from "../support/wire-fixture.js";

export const API_KEY = "sk-test-wire-0123456789";

export const provider = createOpenAIResponsesProvider();

/** A GPT-5-like reasoning model served by the wire server; prices make cost checks meaningful. */
export function testModel(
	server: Pick<WireServer, "url"> | string,
	overrides: Partial<Model<"openai-responses">> & { compatFlags?: OpenAIResponsesCompat } = {},
): Model<"openai-responses"> {
	const { compatFlags, ...rest } = overrides;
	const baseUrl = typeof server === "string" ? server : `${server.url}/v1`;
	return {
		id: "gpt-5",
		name: "GPT-5 (wire server)",
		api: "openai-responses",
		provider: "openai",
		baseUrl,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
		...(compatFlags ? { compat: { "openai-responses": compatFlags } } : {}),
		...rest,
	};
}

/** Runs one request to the end and returns every event plus `result()`. */
export async function collect(
	model: Model<"openai-responses">,
	context: Context = userContext(),
	options: StreamOptions = {},
	onEvent?: (event: AssistantMessageEvent) => void,
): Promise<Collected> {
	return collectStream(
		provider.stream(model, context, { apiKey: API_KEY, maxRetries: 0, ...options }),
		onEvent,
	);
}

/** The message without its timestamp, for comparing two runs. */
export function comparable(message: AssistantMessage): Omit<AssistantMessage, "timestamp"> {
	return structuredClone(withoutTimestamp(message));
}

/** An assistant turn as an earlier request of `model` would have produced it. */
export function assistantTurn(
	content: AssistantMessage["content"],
	overrides: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "openai-responses",
		provider: "openai",
		model: "gpt-5",
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: 2,
		...overrides,
	};
}

/** Byte offset just past the first SSE frame of `eventType` in `body`. */
export function afterFirst(body: string, eventType: string): number {
	const start = body.indexOf(`event: ${eventType}\n`);
	if (start < 0) throw new Error(`no ${eventType} frame`);
	return Buffer.byteLength(body.slice(0, body.indexOf("\n\n", start) + 2));
}

/** The `input` the server received for a request with this history (the reply is a plain "ok"). */
export async function inputSentFor(
	server: WireServer,
	model: Model<"openai-responses">,
	messages: Message[],
): Promise<unknown[]> {
	server.enqueue({ body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const { message } = await collect(model, { messages });
	expect(message.stopReason).toBe("stop");
	return requestBody(server).input as unknown[];
}

export function userText(text: string, timestamp = 1): Message {
	return { role: "user", content: text, timestamp };
}

export function toolResult(
	toolCallId: string,
	content: ToolResultMessage["content"],
	toolName = "search",
): ToolResultMessage {
	return { role: "toolResult", toolCallId, toolName, content, isError: false, timestamp: 5 };
}

export const OWN_ENCRYPTED = "gAAAAABo+k3Zq/7Xv0Jd==Q1x-_9Lm0Ht8fW2pN4sY6uE3rT5yV7iO9aB1cD";

/** A turn of the test model: an encrypted reasoning item, a message with its id, one call. */
export const OWN_TURN: AssistantMessage = assistantTurn(
	[
		{
			type: "thinking",
			thinking: "Look it up.",
			thinkingSignature: JSON.stringify({
				id: "rs_own",
				type: "reasoning",
				summary: [{ type: "summary_text", text: "Look it up." }],
				encrypted_content: OWN_ENCRYPTED,
			}),
		},
		{ type: "text", text: "Searching.", textSignature: "msg_own" },
		{ type: "toolCall", id: "call_1|fc_own", name: "search", arguments: { q: "kestrel" } },
	],
	{ stopReason: "toolUse" },
);

import { expect } from "vitest";
import { createGoogleGenerativeAIProvider } from "../../src/providers/google-generative-ai/index.js";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { WireServer } from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	Message,
	Model,
	StreamOptions,
	UserMessage,
} from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { collectStream } from "../support/wire-fixture.js";

export {
	collectStream as collect,
	userContext as userSays,
	useWireServer,
	withoutTimestamp,
} from "../support/wire-fixture.js";

export const provider = createGoogleGenerativeAIProvider();

export const API_KEY = "AIzaSyWire-test-0123456789abcdefghijk";

/** USD per million tokens, Gemini 2.5 Flash-like. */
export const TEST_COST = { input: 0.3, output: 2.5, cacheRead: 0.075, cacheWrite: 0 };

/** A Gemini model served by the wire server: the SDK adds `/v1beta/models/…` to `baseUrl`. */
export function testModel(
	server: WireServer,
	overrides: Partial<Model<"google-generative-ai">> = {},
): Model<"google-generative-ai"> {
	return {
		id: "gemini-2.5-flash",
		name: "Gemini Test",
		api: "google-generative-ai",
		provider: "google",
		baseUrl: server.url,
		reasoning: true,
		input: ["text", "image"],
		cost: TEST_COST,
		contextWindow: 1_048_576,
		maxTokens: 65_536,
		...overrides,
	};
}

/** Options every test passes: an explicit key and no SDK retries. */
export function baseOptions(extra: StreamOptions = {}): StreamOptions {
	return { apiKey: API_KEY, maxRetries: 0, ...extra };
}

export function run(
	model: Model<"google-generative-ai">,
	context: Context,
	options: StreamOptions = baseOptions(),
) {
	return collectStream(provider.stream(model, context, options));
}

/** A finished assistant message of the test model, for histories. */
export function assistant(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "google-generative-ai",
		provider: "google",
		model: "gemini-2.5-flash",
		usage: zeroUsage(),
		stopReason: "toolUse",
		timestamp: 2,
		...extra,
	};
}

/** The event types with their content index, e.g. `text_delta@1`. */
export function sequence(events: AssistantMessageEvent[]): string[] {
	return events.map((event) =>
		"contentIndex" in event ? `${event.type}@${event.contentIndex}` : event.type,
	);
}

/** The `contents` of a request body, as the wire server parsed it. */
export type SentContents = { role: string; parts: Record<string, unknown>[] }[];

/** Sends `messages` (the reply is a plain "ok") and returns the `contents` the server received. */
export async function contentsSentFor(
	server: WireServer,
	messages: Message[],
	model: Model<"google-generative-ai"> = testModel(server),
): Promise<SentContents> {
	server.enqueue({ body: encodeGeminiStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const { message } = await run(model, { messages }, baseOptions());
	expect(message.stopReason).toBe("stop");
	return (server.requests.at(-1)?.body as { contents?: SentContents } | undefined)?.contents ?? [];
}

export function userMessage(content: UserMessage["content"]): Message {
	return { role: "user", content, timestamp: 1 };
}

export function textResult(toolCallId: string, toolName: string, text: string, isError = false): Message {
	return {
		role: "toolResult",
		toolCallId,
		toolName,
		content: [{ type: "text", text }],
		isError,
		timestamp: 3,
	};
}

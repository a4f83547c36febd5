import { afterEach, beforeEach } from "vitest";
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	Model,
	StreamOptions,
} from "../../src/types.js";

export const provider = createAnthropicMessagesProvider();

/** USD per million tokens, Sonnet-like. */
export const TEST_COST = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

/** A Claude model served by the wire server: `baseUrl` is the server root, the SDK adds `/v1/messages`. */
export function testModel(
	server: WireServer,
	overrides: Partial<Model<"anthropic-messages">> = {},
): Model<"anthropic-messages"> {
	return {
		id: "claude-test-4-5",
		name: "Claude Test",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: server.url,
		reasoning: true,
		input: ["text", "image"],
		cost: TEST_COST,
		contextWindow: 200_000,
		maxTokens: 64_000,
		...overrides,
	};
}

/** A fresh wire server per test, closed afterwards. */
export function useWireServer(): { readonly current: WireServer } {
	const holder = {} as { current: WireServer };
	beforeEach(async () => {
		holder.current = await startWireServer();
	});
	afterEach(async () => {
		await holder.current.close();
	});
	return holder;
}

export function userSays(text = "Hello"): Context {
	return { messages: [{ role: "user", content: text, timestamp: 1 }] };
}

/** Options every test passes: an explicit key and no SDK retries. */
export function baseOptions(extra: StreamOptions = {}): StreamOptions {
	return { apiKey: "sk-ant-test", maxRetries: 0, ...extra };
}

/** Streams and collects every event plus the final message. */
export async function collect(
	stream: AssistantMessageEventStream,
): Promise<{ events: AssistantMessageEvent[]; message: AssistantMessage }> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, message: await stream.result() };
}

export function run(
	model: Model<"anthropic-messages">,
	context: Context,
	options: StreamOptions = baseOptions(),
) {
	return collect(provider.stream(model, context, options));
}

/** The message without its wall-clock timestamp, for deep comparisons. */
export function withoutTimestamp(message: AssistantMessage): Omit<AssistantMessage, "timestamp"> {
	const { timestamp: _timestamp, ...rest } = message;
	return rest;
}

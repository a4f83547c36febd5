import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import type { WireServer } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage, Context, Model, StreamOptions, ToolResultMessage } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { collectStream } from "../support/wire-fixture.js";

export {
	collectStream as collect,
	userContext as userSays,
	useWireServer,
	withoutTimestamp,
} from "../support/wire-fixture.js";

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

/** Options every test passes: an explicit key and no SDK retries. */
export function baseOptions(extra: StreamOptions = {}): StreamOptions {
	return { apiKey: "sk-ant-test", maxRetries: 0, ...extra };
}

export function run(
	model: Model<"anthropic-messages">,
	context: Context,
	options: StreamOptions = baseOptions(),
) {
	return collectStream(provider.stream(model, context, options));
}

/** A Claude model for tests that call no server (conversion and mapping). */
export const offlineModel: Model<"anthropic-messages"> = {
	id: "claude-test-4-5",
	name: "Claude Test",
	api: "anthropic-messages",
	provider: "anthropic",
	baseUrl: "http://127.0.0.1:9",
	reasoning: true,
	input: ["text", "image"],
	cost: TEST_COST,
	contextWindow: 200_000,
	maxTokens: 64_000,
};

/** A finished assistant turn of {@link offlineModel}, for histories. */
export function assistant(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: offlineModel.id,
		usage: zeroUsage(),
		stopReason: "stop",
		timestamp: 2,
		...extra,
	};
}

/** A tool result with one text block. */
export function result(toolCallId: string, text: string): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName: "ls",
		content: [{ type: "text", text }],
		isError: false,
		timestamp: 3,
	};
}

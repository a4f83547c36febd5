import type { AssistantMessage, AssistantMessageEvent, Context, Model, StreamOptions } from "@kestrel/ai";
import { startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterEach, beforeEach } from "vitest";
import {
	type BedrockConverseStreamProviderOptions,
	createBedrockConverseStreamProvider,
} from "../src/index.js";

/** Fake static credentials and a region: what every loopback test signs with. */
export const TEST_ENV: NodeJS.ProcessEnv = {
	AWS_ACCESS_KEY_ID: "AKIDKESTRELTEST00001",
	AWS_SECRET_ACCESS_KEY: "kestrel-test-secret-access-key-000000000",
	AWS_REGION: "us-east-1",
};

/** A wire server per test, closed after it. */
export function useWireServer(): { readonly server: WireServer } {
	const state = {} as { server: WireServer };
	beforeEach(async () => {
		state.server = await startWireServer();
	});
	afterEach(async () => {
		await state.server.close();
	});
	return {
		get server() {
			return state.server;
		},
	};
}

/** A Claude model on Bedrock, served by the loopback server, with real prices (so cost is checked). */
export function testModel(
	server: WireServer,
	overrides: Partial<Model<"bedrock-converse-stream">> = {},
): Model<"bedrock-converse-stream"> {
	return {
		id: "anthropic.claude-sonnet-4-5-20250929-v1:0",
		name: "Claude Sonnet 4.5 (test)",
		api: "bedrock-converse-stream",
		provider: "amazon-bedrock",
		baseUrl: server.url,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 3.3, output: 16.5, cacheRead: 0.33, cacheWrite: 4.125 },
		contextWindow: 200_000,
		maxTokens: 64_000,
		...overrides,
	};
}

export const HELLO: Context = { messages: [{ role: "user", content: "Say hello.", timestamp: 1 }] };

/** Every event and the final message of one request through the real AWS SDK. */
export async function collect(
	model: Model,
	context: Context = HELLO,
	options: StreamOptions = {},
	providerOptions: BedrockConverseStreamProviderOptions = {},
): Promise<{ events: AssistantMessageEvent[]; message: AssistantMessage }> {
	const provider = createBedrockConverseStreamProvider({ env: TEST_ENV, ...providerOptions });
	// Tests may hand over a model of another API, to see what the provider makes of it.
	const stream = provider.stream(model as Model<"bedrock-converse-stream">, context, {
		maxRetries: 0,
		...options,
	});
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, message: await stream.result() };
}

/** The last request body the server received. */
export function requestBody(server: WireServer): Record<string, unknown> {
	return server.requests.at(-1)?.body as Record<string, unknown>;
}

/** The parts of a message that do not depend on timing. */
export function comparable(message: AssistantMessage) {
	const { timestamp: _timestamp, ...rest } = message;
	return rest;
}

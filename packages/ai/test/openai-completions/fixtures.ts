import { afterAll, beforeAll } from "vitest";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	Model,
	OpenAICompletionsCompat,
	StreamOptions,
} from "../../src/types.js";

export const API_KEY = "sk-test-wire-0123456789";

export const provider = createOpenAICompletionsProvider();

/** Starts one wire server for the calling test file and closes it afterwards. */
export function useWireServer(): { readonly server: WireServer } {
	const holder: { server?: WireServer } = {};
	beforeAll(async () => {
		holder.server = await startWireServer();
	});
	afterAll(async () => {
		await holder.server?.close();
	});
	return {
		get server(): WireServer {
			if (!holder.server) throw new Error("the wire server is not started yet");
			return holder.server;
		},
	};
}

/** A GPT-4.1-like model served by the wire server; prices make cost checks meaningful. */
export function testModel(
	server: Pick<WireServer, "url"> | string,
	overrides: Partial<Model<"openai-completions">> & { compatFlags?: OpenAICompletionsCompat } = {},
): Model<"openai-completions"> {
	const { compatFlags, ...rest } = overrides;
	const baseUrl = typeof server === "string" ? server : `${server.url}/v1`;
	return {
		id: "gpt-4.1",
		name: "GPT-4.1 (wire server)",
		api: "openai-completions",
		provider: "openai",
		baseUrl,
		reasoning: false,
		input: ["text", "image"],
		cost: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 },
		contextWindow: 1_047_576,
		maxTokens: 32_768,
		...(compatFlags ? { compat: { "openai-completions": compatFlags } } : {}),
		...rest,
	};
}

export function userContext(text = "Hello", extra: Partial<Context> = {}): Context {
	return { messages: [{ role: "user", content: text, timestamp: 1 }], ...extra };
}

export interface Collected {
	events: AssistantMessageEvent[];
	message: AssistantMessage;
}

/** Runs one request to the end and returns every event plus `result()`. */
export async function collect(
	model: Model<"openai-completions">,
	context: Context = userContext(),
	options: StreamOptions = {},
	onEvent?: (event: AssistantMessageEvent) => void,
): Promise<Collected> {
	const stream = provider.stream(model, context, { apiKey: API_KEY, maxRetries: 0, ...options });
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) {
		events.push(event);
		onEvent?.(event);
	}
	return { events, message: await stream.result() };
}

/** The message without its timestamp, for comparing two runs. */
export function comparable(message: AssistantMessage): Omit<AssistantMessage, "timestamp"> {
	const { timestamp: _timestamp, ...rest } = message;
	return structuredClone(rest);
}

/** The request body the server received for request `index` (default: the last one). */
export function requestBody(server: WireServer, index = server.requests.length - 1): Record<string, unknown> {
	const request = server.requests[index];
	if (!request) throw new Error(`no request ${index}`);
	return request.body as Record<string, unknown>;
}

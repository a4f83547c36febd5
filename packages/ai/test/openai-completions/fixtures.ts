import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import type { WireServer } from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	Model,
	OpenAICompletionsCompat,
	StreamOptions,
} from "../../src/types.js";
import { type Collected, collectStream, userContext, withoutTimestamp } from "../support/wire-fixture.js";

export { type Collected, requestBody, userContext, useWireServer } from "../support/wire-fixture.js";

export const API_KEY = "sk-test-wire-0123456789";

export const provider = createOpenAICompletionsProvider();

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

/** Runs one request to the end and returns every event plus `result()`. */
export async function collect(
	model: Model<"openai-completions">,
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

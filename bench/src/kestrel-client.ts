import { type Context, type Model, registerBuiltInProviders, stream, Type } from "@kestrel/ai";
import {
	API_KEY,
	type BenchApi,
	baseUrlFor,
	MODEL_ID,
	TOOL_DESCRIPTION,
	TOOL_NAME,
	USER_PROMPT,
} from "./scenario.js";

let registered = false;

function modelFor(api: BenchApi, serverUrl: string): Model {
	return {
		id: MODEL_ID,
		name: "Bench model",
		api,
		provider: api === "anthropic-messages" ? "anthropic" : "openai",
		baseUrl: baseUrlFor(api, serverUrl),
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 128_000,
	};
}

const context: Context = {
	messages: [{ role: "user", content: USER_PROMPT, timestamp: 0 }],
	tools: [
		{
			name: TOOL_NAME,
			description: TOOL_DESCRIPTION,
			parameters: Type.Object({ path: Type.String(), content: Type.String() }),
		},
	],
};

/**
 * Streams one response through Kestrel the way an app does: every event is consumed
 * (each carries the live `partial` with the arguments parsed so far), then the final
 * message. Returns the final tool-call arguments.
 */
export async function kestrelToolArguments(api: BenchApi, serverUrl: string): Promise<unknown> {
	if (!registered) {
		registerBuiltInProviders();
		registered = true;
	}
	const events = stream(modelFor(api, serverUrl), context, { apiKey: API_KEY });
	let count = 0;
	for await (const _event of events) count++;
	const message = await events.result();
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		throw new Error(`Kestrel ${api} failed after ${count} events: ${message.errorMessage}`);
	}
	const call = message.content.find((block) => block.type === "toolCall");
	if (!call) throw new Error(`Kestrel ${api}: no tool call in the final message`);
	if (call.argumentsError) throw new Error(`Kestrel ${api}: ${call.argumentsError.message}`);
	return call.arguments;
}

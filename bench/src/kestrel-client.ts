import { type Context, type Model, registerBuiltInProviders, stream, Type } from "@kestrel/ai";
import {
	API_KEY,
	type BenchApi,
	type BenchScenario,
	baseUrlFor,
	MODEL_ID,
	providerFor,
	TEXT_PROMPT,
	TOOL_DESCRIPTION,
	TOOL_NAME,
	USER_PROMPT,
} from "./scenario.js";
import type { ResponseSpec } from "./server-protocol.js";

let registered = false;

function modelFor(api: BenchApi, serverUrl: string): Model {
	return {
		id: MODEL_ID,
		name: "Bench model",
		api,
		provider: providerFor(api),
		baseUrl: baseUrlFor(api, serverUrl),
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 128_000,
	};
}

const CONTEXTS: Record<BenchScenario, Context> = {
	"tool-call": {
		messages: [{ role: "user", content: USER_PROMPT, timestamp: 0 }],
		tools: [
			{
				name: TOOL_NAME,
				description: TOOL_DESCRIPTION,
				parameters: Type.Object({ path: Type.String(), content: Type.String() }),
			},
		],
	},
	text: { messages: [{ role: "user", content: TEXT_PROMPT, timestamp: 0 }] },
};

/**
 * Streams one response through Kestrel the way an app does: every event is consumed
 * (each carries the live `partial`: the text so far, or the arguments parsed so far),
 * then the final message. Returns the final tool-call arguments, or the final text.
 */
export async function kestrelResult(spec: ResponseSpec, serverUrl: string): Promise<unknown> {
	if (!registered) {
		registerBuiltInProviders();
		registered = true;
	}
	const { api, scenario } = spec;
	const events = stream(modelFor(api, serverUrl), CONTEXTS[scenario], { apiKey: API_KEY });
	let count = 0;
	for await (const _event of events) count++;
	const message = await events.result();
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		throw new Error(`Kestrel ${api} ${scenario} failed after ${count} events: ${message.errorMessage}`);
	}
	if (scenario === "text") {
		return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
	}
	const call = message.content.find((block) => block.type === "toolCall");
	if (!call) throw new Error(`Kestrel ${api}: no tool call in the final message`);
	if (call.argumentsError) throw new Error(`Kestrel ${api}: ${call.argumentsError.message}`);
	return call.arguments;
}

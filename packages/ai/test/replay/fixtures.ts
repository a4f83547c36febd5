import type { Api, AssistantMessage, Model, ToolResultMessage, UserMessage } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";

const COST = { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 };

/** A target model; only `api`, `provider`, `id` and `input` matter to the replay. */
export function targetModel(api: Api, provider: string, id: string, overrides: Partial<Model> = {}): Model {
	return {
		id,
		name: id,
		api,
		provider,
		baseUrl: "http://127.0.0.1:9",
		reasoning: true,
		input: ["text", "image"],
		cost: COST,
		contextWindow: 200_000,
		maxTokens: 32_000,
		...overrides,
	};
}

export const claude = targetModel("anthropic-messages", "anthropic", "claude-sonnet-4-5");
export const gpt = targetModel("openai-completions", "openai", "gpt-4.1");
export const codex = targetModel("openai-responses", "openai", "gpt-5");
export const gemini = targetModel("google-generative-ai", "google", "gemini-2.5-pro");

/** An assistant turn written by `author` (a model), `toolUse` when it calls tools. */
export function turn(
	author: Model,
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: author.api,
		provider: author.provider,
		model: author.id,
		usage: zeroUsage(),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 20,
		...extra,
	};
}

export function user(content: UserMessage["content"]): UserMessage {
	return { role: "user", content, timestamp: 10 };
}

export function result(
	toolCallId: string,
	text: string,
	extra: Partial<ToolResultMessage> = {},
): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName: "ls",
		content: [{ type: "text", text }],
		isError: false,
		timestamp: 30,
		...extra,
	};
}

/** An OpenAI Responses tool-call id as Kestrel stores it: `call_id|item_id`, 400+ characters. */
export function responsesId(seed: string): string {
	return `call_${seed}${"A".repeat(20)}|fc_${seed}${"x9_Q".repeat(100)}`;
}

/** Deep-freezes a value so that a test fails if the code under test mutates it. */
export function frozen<T>(value: T): T {
	if (value && typeof value === "object") {
		for (const entry of Object.values(value)) frozen(entry);
		Object.freeze(value);
	}
	return value;
}

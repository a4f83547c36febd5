import { describe, expect, it } from "vitest";
import { getModel } from "../../src/models/get-model.js";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import type { AssistantMessage, Context, Model, StreamOptions } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { useWireServer } from "../openai-completions/fixtures.js";

const wire = useWireServer();
const provider = createOpenAICompletionsProvider();

/** The body a catalogue model's request carries, with the base URL moved to the loopback server. */
async function sentBody(
	model: Model<"openai-completions">,
	options: StreamOptions,
	context: Context = { systemPrompt: "Be brief.", messages: [{ role: "user", content: "Hi", timestamp: 1 }] },
): Promise<Record<string, unknown>> {
	wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
	const local = { ...model, baseUrl: `${wire.current.url}/v1` };
	const message = await provider
		.stream(local, context, { apiKey: "test-key", maxRetries: 0, ...options })
		.result();
	expect(message.stopReason).toBe("stop");
	return wire.current.requests.at(-1)?.body as Record<string, unknown>;
}

describe("catalogue compat flags, as an OpenAI-compatible server receives them", () => {
	it("sends Groq max_tokens, a system role, no store and an effort it accepts", async () => {
		const body = await sentBody(getModel("groq", "openai/gpt-oss-120b"), {
			maxTokens: 1_000,
			reasoning: "xhigh",
		});
		expect(body.max_tokens).toBe(1_000);
		expect(body).not.toHaveProperty("max_completion_tokens");
		expect(body).not.toHaveProperty("store");
		expect(body.reasoning_effort).toBe("high");
		expect((body.messages as { role: string }[])[0]?.role).toBe("system");
	});

	it("maps off to Mistral's none, and DeepSeek's levels to the one effort it takes", async () => {
		const mistral = await sentBody(getModel("mistral", "mistral-medium-3.5"), { reasoning: "off" });
		expect(mistral.reasoning_effort).toBe("none");
		const deepseek = await sentBody(getModel("deepseek", "deepseek-v4-pro"), { reasoning: "medium" });
		expect(deepseek.reasoning_effort).toBe("high");
	});

	it("gives Mistral the 9-character tool-call ids it demands, for a call made on another API", async () => {
		const longId = `call_${"a".repeat(24)}|fc_${"b".repeat(200)}`;
		const turn: AssistantMessage = {
			role: "assistant",
			content: [{ type: "toolCall", id: longId, name: "get_weather", arguments: { city: "Oslo" } }],
			api: "openai-responses",
			provider: "openai",
			model: "gpt-6.2-sol",
			usage: zeroUsage(),
			stopReason: "toolUse",
			timestamp: 2,
		};
		const context: Context = {
			messages: [
				{ role: "user", content: "Weather in Oslo?", timestamp: 1 },
				turn,
				{
					role: "toolResult",
					toolCallId: longId,
					toolName: "get_weather",
					content: [{ type: "text", text: "12 °C" }],
					isError: false,
					timestamp: 3,
				},
			],
		};
		const body = await sentBody(getModel("mistral", "mistral-medium-3.5"), {}, context);
		const messages = body.messages as {
			role: string;
			tool_calls?: { id: string }[];
			tool_call_id?: string;
		}[];
		const callId = messages.find((message) => message.role === "assistant")?.tool_calls?.[0]?.id;
		expect(callId).toMatch(/^[A-Za-z0-9]{9}$/);
		expect(messages.find((message) => message.role === "tool")?.tool_call_id).toBe(callId);
	});
});

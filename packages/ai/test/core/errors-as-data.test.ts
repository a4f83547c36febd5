import { describe, expect, it } from "vitest";
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { createGoogleGenerativeAIProvider } from "../../src/providers/google-generative-ai/index.js";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { createOpenAIResponsesProvider } from "../../src/providers/openai-responses/index.js";
import {
	anthropicErrorResponse,
	encodeAnthropicStream,
} from "../../src/testing/wire-server/anthropic-messages.js";
import { geminiErrorResponse } from "../../src/testing/wire-server/google-generative-ai.js";
import { openaiErrorResponse } from "../../src/testing/wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { ScriptedResponse, WireServer } from "../../src/testing/wire-server/server.js";
import type { Api, AssistantMessage, Model, ProviderImplementation } from "../../src/types.js";
import { collectStream, userContext, useWireServer } from "../support/wire-fixture.js";

const wire = useWireServer();

interface Target {
	api: Api;
	provider: ProviderImplementation;
	baseUrl: (server: WireServer) => string;
}

const TARGETS: Record<string, Target> = {
	"anthropic-messages": {
		api: "anthropic-messages",
		provider: createAnthropicMessagesProvider(),
		baseUrl: (server) => server.url,
	},
	"openai-completions": {
		api: "openai-completions",
		provider: createOpenAICompletionsProvider(),
		baseUrl: (server) => `${server.url}/v1`,
	},
	"openai-responses": {
		api: "openai-responses",
		provider: createOpenAIResponsesProvider(),
		baseUrl: (server) => `${server.url}/v1`,
	},
	"google-generative-ai": {
		api: "google-generative-ai",
		provider: createGoogleGenerativeAIProvider(),
		baseUrl: (server) => server.url,
	},
};

async function failWith(name: keyof typeof TARGETS, response: ScriptedResponse): Promise<AssistantMessage> {
	const target = TARGETS[name] as Target;
	const model: Model = {
		id: "wire-model",
		name: "Wire model",
		api: target.api,
		provider: "wire-provider",
		baseUrl: target.baseUrl(wire.current),
		reasoning: false,
		input: ["text"],
		cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 100_000,
		maxTokens: 4_096,
	};
	wire.current.enqueue(response);
	const stream = target.provider.stream(model, userContext(), { apiKey: "wire-key", maxRetries: 0 });
	return (await collectStream(stream)).message;
}

function bodyMessage(response: ScriptedResponse): string {
	return (JSON.parse(response.body as string) as { error: { message: string } }).error.message;
}

describe("errors as data: errorMessage is the provider's own message, the rest is in fields", () => {
	it.each([
		["anthropic-messages", 529, "overloaded_error"],
		["openai-completions", 401, "invalid_api_key"],
		["openai-responses", 503, undefined],
		["google-generative-ai", 429, "RESOURCE_EXHAUSTED"],
	] as const)("%s: an HTTP %i error", async (name, status, code) => {
		const response =
			name === "anthropic-messages"
				? anthropicErrorResponse(status)
				: name === "google-generative-ai"
					? geminiErrorResponse(status)
					: openaiErrorResponse(status);
		const message = await failWith(name, response);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe(bodyMessage(response));
		expect(message.errorMessage).not.toContain("wire-provider");
		expect(message.errorMessage).not.toContain(`HTTP ${status}`);
		expect(message).toMatchObject({ provider: "wire-provider", api: name });
		expect(message.error?.status).toBe(status);
		if (code) expect(message.error?.code).toBe(code);
	});

	it("an error event inside an Anthropic stream", async () => {
		const message = await failWith("anthropic-messages", {
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "Half" }],
				error: { type: "overloaded_error", message: "Overloaded" },
			}),
		});
		expect(message.errorMessage).toBe("Overloaded");
		expect(message.error).toMatchObject({ kind: "overloaded", code: "overloaded_error" });
	});

	it("a failed OpenAI response", async () => {
		const message = await failWith("openai-responses", {
			body: encodeOpenAIResponsesStream(
				{ blocks: [], stop: "failed" },
				{ failure: { code: "server_error", message: "The server had an error." } },
			),
		});
		expect(message.errorMessage).toBe("The server had an error.");
		expect(message.error).toMatchObject({ kind: "unknown", code: "server_error" });
	});

	it("a refusal says what happened without naming the provider", async () => {
		const message = await failWith("anthropic-messages", {
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "I" }], stop: "refusal" }),
		});
		expect(message.errorMessage).toBe("The model declined to continue (stop reason refusal).");
		expect(message.error).toEqual({ kind: "invalid_request", code: "refusal" });
	});
});

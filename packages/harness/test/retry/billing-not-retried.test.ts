import {
	createAnthropicMessagesProvider,
	createOpenAICompletionsProvider,
	type Model,
	ProviderRegistry,
} from "@kestrel/ai";
import {
	anthropicErrorResponse,
	encodeAnthropicStream,
	encodeOpenAICompletionsStream,
	openaiErrorResponse,
	type ScriptedResponse,
	startWireServer,
	type WireServer,
} from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentHarness, SessionManager } from "../../src/index.js";
import { ofType, recordEvents } from "../harness/support/scripted.js";

let server: WireServer;
beforeEach(async () => {
	server = await startWireServer();
});
afterEach(async () => {
	await server.close();
});

function model(api: "anthropic-messages" | "openai-completions"): Model {
	return {
		id: "wire-model",
		name: "Wire model",
		api,
		provider: api === "anthropic-messages" ? "anthropic" : "openai",
		baseUrl: api === "anthropic-messages" ? server.url : `${server.url}/v1`,
		reasoning: false,
		input: ["text"],
		cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 100_000,
		maxTokens: 1_000,
	};
}

async function promptOnce(target: Model, failure: ScriptedResponse, answer: string) {
	server.enqueue(failure, { body: answer });
	const registry = new ProviderRegistry();
	registry.register(createAnthropicMessagesProvider());
	registry.register(createOpenAICompletionsProvider());
	const session = await SessionManager.inMemory({ cwd: process.cwd() }).create();
	const harness = new AgentHarness({
		session,
		model: target,
		streamFn: registry.stream.bind(registry),
		getApiKey: () => "wire-key",
		systemPrompt: "Be brief.",
		retry: { baseDelayMs: 1, maxDelayMs: 5 },
	});
	const events = recordEvents((listener) => harness.subscribe(listener));
	const outcome = await harness.prompt("Hello?");
	return { outcome, events };
}

describe("an account that cannot pay is reported at once, never retried", () => {
	it("OpenAI's 429 insufficient_quota, although it comes with retry-after like a rate limit", async () => {
		const { outcome, events } = await promptOnce(
			model("openai-completions"),
			openaiErrorResponse(429, {
				type: "insufficient_quota",
				code: "insufficient_quota",
				message: "You exceeded your current quota, please check your plan and billing details.",
				retryAfterSeconds: 0,
			}),
			encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "paid" }] }),
		);
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "billing", status: 429 } });
		expect(server.requests).toHaveLength(1);
		expect(ofType(events, "retry_start")).toEqual([]);
	});

	it("Anthropic's 402 billing_error", async () => {
		const { outcome, events } = await promptOnce(
			model("anthropic-messages"),
			anthropicErrorResponse(402, { type: "billing_error", message: "Your account has no credit." }),
			encodeAnthropicStream({ blocks: [{ type: "text", text: "paid" }] }),
		);
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "billing", status: 402 } });
		expect(server.requests).toHaveLength(1);
		expect(ofType(events, "retry_start")).toEqual([]);
	});
});

import { describe, expect, it } from "vitest";
import { BILLING_PATTERNS, isBillingMessage } from "../../src/errors/billing-patterns.js";
import { classifyFailure } from "../../src/errors/classify.js";
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { createGoogleGenerativeAIProvider } from "../../src/providers/google-generative-ai/index.js";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { createOpenAIResponsesProvider } from "../../src/providers/openai-responses/index.js";
import { anthropicErrorResponse } from "../../src/testing/wire-server/anthropic-messages.js";
import { geminiErrorResponse } from "../../src/testing/wire-server/google-generative-ai.js";
import { openaiChunkFactory, openaiErrorResponse } from "../../src/testing/wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import type { ScriptedResponse } from "../../src/testing/wire-server/server.js";
import type { Api, AssistantMessage, Model, ProviderImplementation } from "../../src/types.js";
import { collectStream, userContext, useWireServer } from "../support/wire-fixture.js";

describe("billing: classification", () => {
	it.each([
		["billing_error", 402],
		["billing_error", undefined],
		["insufficient_quota", 429],
		["credit_balance_exhausted", 429],
		["organization_spend_limit_exceeded", 429],
		["project_spend_limit_exceeded", 429],
		["organization_usage_limit_exceeded", 429],
		["billing_not_active", 429],
		["billing_hard_limit_reached", 400],
		["BILLING_DISABLED", 403],
	] as const)("code %s (HTTP %s) is billing, not a rate limit or a bad request", (code, status) => {
		expect(classifyFailure({ code, status }).kind).toBe("billing");
	});

	it("HTTP 402 Payment Required is billing whatever the generic type says", () => {
		expect(classifyFailure({ status: 402 }).kind).toBe("billing");
		expect(classifyFailure({ status: 402, code: "invalid_request_error" }).kind).toBe("billing");
	});

	it("OpenAI's type insufficient_quota counts when its code is one Kestrel does not know yet", () => {
		expect(
			classifyFailure({ status: 429, code: "team_budget_exceeded", type: "insufficient_quota" }),
		).toEqual({
			kind: "billing",
			status: 429,
			code: "team_budget_exceeded",
		});
		// A known code still wins over the type.
		expect(
			classifyFailure({ status: 400, code: "context_length_exceeded", type: "invalid_request_error" }).kind,
		).toBe("overflow");
	});

	it("reads the billing wording where the code says only 'bad request' or 'rate limit'", () => {
		const samples: [string, number, string | undefined, string][] = [
			[
				"Anthropic (HTTP 400)",
				400,
				"invalid_request_error",
				"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
			],
			[
				"Anthropic spend limits (HTTP 400)",
				400,
				"invalid_request_error",
				"You have reached your specified workspace API usage limits. You will regain access on 2026-08-01 at 00:00 UTC.",
			],
			[
				"Gemini (HTTP 429 RESOURCE_EXHAUSTED)",
				429,
				"RESOURCE_EXHAUSTED",
				"Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.",
			],
			[
				"xAI (HTTP 429)",
				429,
				undefined,
				"Your team 0000 has either used all available credits or reached its monthly spending limit. To continue making API requests, please purchase more credits or raise your spending limit.",
			],
			[
				"OpenRouter, DeepSeek (HTTP 402, also in-stream)",
				500,
				undefined,
				"Insufficient credits. Add more using https://openrouter.ai/credits",
			],
		];
		expect(samples.map(([source]) => source).sort()).toEqual(
			BILLING_PATTERNS.map(({ source }) => source).sort(),
		);
		for (const [source, status, code, message] of samples) {
			expect(isBillingMessage(message), source).toBe(true);
			expect(classifyFailure({ status, code, message }).kind, source).toBe("billing");
		}
	});

	it("leaves rate limits that speak of quotas or credits as rate limits", () => {
		const rateLimits = [
			// Gemini's free tier: a per-minute quota with a retry delay.
			"You exceeded your current quota, please check your plan and billing details. Quota exceeded for metric: generate_content_free_tier_requests, limit: 10. Please retry in 7s.",
			// OpenRouter's daily limit of free models.
			"Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day",
			"Rate limit reached for gpt-4.1 on tokens per min (TPM): Limit 30000, Used 29000, Requested 9000.",
		];
		for (const message of rateLimits) {
			expect(isBillingMessage(message), message).toBe(false);
			expect(classifyFailure({ status: 429, message }).kind, message).toBe("rate_limit");
		}
		expect(
			classifyFailure({ status: 400, message: "max_tokens: 0 is not a valid number of credits" }).kind,
		).toBe("invalid_request");
	});

	it("does not turn definite kinds into billing", () => {
		const message = "Insufficient balance";
		expect(classifyFailure({ status: 503, message }).kind).toBe("overloaded");
		expect(classifyFailure({ status: 413, message }).kind).toBe("overflow");
	});
});

const wire = useWireServer();

async function failure(api: Api, provider: ProviderImplementation, response: ScriptedResponse) {
	const baseUrl =
		api === "anthropic-messages" || api === "google-generative-ai"
			? wire.current.url
			: `${wire.current.url}/v1`;
	const model: Model = {
		id: "wire-model",
		name: "Wire model",
		api,
		provider: "wire-provider",
		baseUrl,
		reasoning: false,
		input: ["text"],
		cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 100_000,
		maxTokens: 4_096,
	};
	wire.current.enqueue(response);
	const stream = provider.stream(model, userContext(), { apiKey: "wire-key", maxRetries: 0 });
	const { message } = await collectStream(stream);
	return message as AssistantMessage;
}

describe("billing: through the real SDKs", () => {
	it("OpenAI's 429 insufficient_quota, old and new spellings", async () => {
		const completions = createOpenAICompletionsProvider();
		const old = await failure(
			"openai-completions",
			completions,
			openaiErrorResponse(429, {
				type: "insufficient_quota",
				code: "insufficient_quota",
				message: "You exceeded your current quota, please check your plan and billing details.",
			}),
		);
		expect(old.error).toMatchObject({ kind: "billing", status: 429, code: "insufficient_quota" });
		const spelled = await failure(
			"openai-completions",
			completions,
			openaiErrorResponse(429, {
				type: "insufficient_quota",
				code: "project_spend_limit_exceeded",
				message: "You exceeded your current quota, please check your plan and billing details.",
			}),
		);
		expect(spelled.error).toMatchObject({
			kind: "billing",
			status: 429,
			code: "project_spend_limit_exceeded",
		});
	});

	it("OpenAI Responses: a response that failed for insufficient_quota", async () => {
		const message = await failure("openai-responses", createOpenAIResponsesProvider(), {
			body: encodeOpenAIResponsesStream(
				{ blocks: [], stop: "failed" },
				{ failure: { code: "insufficient_quota", message: "You exceeded your current quota." } },
			),
		});
		expect(message.error).toMatchObject({ kind: "billing", code: "insufficient_quota" });
	});

	it("Anthropic's 402 billing_error and its older 400 'credit balance is too low'", async () => {
		const anthropic = createAnthropicMessagesProvider();
		const paid = await failure(
			"anthropic-messages",
			anthropic,
			anthropicErrorResponse(402, { type: "billing_error", message: "Your account has no credit." }),
		);
		expect(paid.error).toMatchObject({ kind: "billing", status: 402, code: "billing_error" });
		const worded = await failure(
			"anthropic-messages",
			anthropic,
			anthropicErrorResponse(400, {
				message:
					"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
			}),
		);
		expect(worded.error).toMatchObject({ kind: "billing", status: 400, code: "invalid_request_error" });
	});

	it("OpenRouter's 402, as an HTTP error and as an error inside a 200 stream", async () => {
		const completions = createOpenAICompletionsProvider();
		const http = await failure(
			"openai-completions",
			completions,
			openaiErrorResponse(402, { code: null, type: "payment_required", message: "Insufficient credits." }),
		);
		expect(http.error).toMatchObject({ kind: "billing", status: 402 });
		const chunk = openaiChunkFactory({});
		const inStream = await failure("openai-completions", completions, {
			body: [
				sseFrame(chunk({ role: "assistant", content: "" })),
				sseFrame({ error: { code: 402, message: "This request requires more credits." } }),
			].join(""),
		});
		expect(inStream.error).toMatchObject({ kind: "billing", status: 402 });
	});

	it("Gemini's 429 RESOURCE_EXHAUSTED for depleted prepayment credits", async () => {
		const message = await failure(
			"google-generative-ai",
			createGoogleGenerativeAIProvider(),
			geminiErrorResponse(429, {
				message:
					"Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.",
				details: [],
			}),
		);
		expect(message.error).toMatchObject({ kind: "billing", status: 429, code: "RESOURCE_EXHAUSTED" });
	});
});

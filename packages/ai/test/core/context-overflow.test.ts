import { describe, expect, it } from "vitest";
import { isContextOverflow } from "../../src/errors/context-overflow.js";
import { emptyAssistantMessage } from "../../src/event-stream.js";
import type { AssistantMessage, ProviderError } from "../../src/types.js";

function failed(errorMessage: string, error?: ProviderError): AssistantMessage {
	const message = emptyAssistantMessage({ api: "openai-completions", provider: "groq", id: "llama" });
	return { ...message, stopReason: "error", errorMessage, ...(error ? { error } : {}) };
}

function answered(input: number, cacheRead = 0): AssistantMessage {
	const message = emptyAssistantMessage({ api: "openai-completions", provider: "llama.cpp", id: "local" });
	message.usage = { ...message.usage, input, cacheRead, totalTokens: input + cacheRead };
	return message;
}

describe("isContextOverflow", () => {
	it("trusts a typed overflow", () => {
		expect(isContextOverflow(failed("anything", { kind: "overflow", status: 400 }))).toBe(true);
	});

	it("falls back to the wording table for untyped or generic failures", () => {
		expect(isContextOverflow(failed("prompt is too long: 210000 tokens > 200000 maximum"))).toBe(true);
		expect(
			isContextOverflow(
				failed("the request exceeds the available context size", { kind: "unknown", status: 500 }),
			),
		).toBe(true);
	});

	it("does not call a rate limit an overflow, whatever its wording", () => {
		const message = failed("Request too large ... on tokens per min (TPM)", {
			kind: "rate_limit",
			status: 429,
		});
		expect(isContextOverflow(message)).toBe(false);
		expect(isContextOverflow(failed("maximum context length is 8192", { kind: "rate_limit" }))).toBe(false);
	});

	it("detects a silent overflow: input (cached included) above the window", () => {
		expect(isContextOverflow(answered(9000), 8192)).toBe(true);
		expect(isContextOverflow(answered(6000, 3000), 8192)).toBe(true);
		expect(isContextOverflow(answered(8000), 8192)).toBe(false);
	});

	it("needs the window to call a successful response an overflow", () => {
		expect(isContextOverflow(answered(1_000_000))).toBe(false);
	});
});

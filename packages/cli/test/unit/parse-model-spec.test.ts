import { describe, expect, it } from "vitest";
import { parseModelSpec } from "../../src/models/parse-model-spec.js";

describe("parseModelSpec", () => {
	it("splits provider/id at the first slash and keeps later slashes in the id", () => {
		expect(parseModelSpec("anthropic/claude-sonnet-5-5")).toEqual({
			provider: "anthropic",
			id: "claude-sonnet-5-5",
		});
		expect(parseModelSpec("openrouter/anthropic/claude-sonnet-5.5")).toEqual({
			provider: "openrouter",
			id: "anthropic/claude-sonnet-5.5",
		});
	});

	it("reads a :thinking suffix only when it names a level", () => {
		expect(parseModelSpec("anthropic/claude-opus-5:high")).toEqual({
			provider: "anthropic",
			id: "claude-opus-5",
			thinkingLevel: "high",
		});
		expect(parseModelSpec("ollama/qwen3:8b")).toEqual({ provider: "ollama", id: "qwen3:8b" });
		expect(parseModelSpec("ollama/qwen3:8b:low")).toEqual({
			provider: "ollama",
			id: "qwen3:8b",
			thinkingLevel: "low",
		});
	});

	it("takes the whole spec as the id when --provider is given", () => {
		expect(parseModelSpec("Qwen/Qwen3-8B", "vllm")).toEqual({ provider: "vllm", id: "Qwen/Qwen3-8B" });
		expect(parseModelSpec("openai/gpt-5.5", "openai")).toEqual({ provider: "openai", id: "gpt-5.5" });
	});

	it("asks for a provider when the spec has none", () => {
		expect(parseModelSpec("claude-sonnet-5-5")).toMatchObject({
			error: expect.stringContaining("--provider"),
		});
		expect(parseModelSpec("anthropic/")).toMatchObject({ error: expect.any(String) });
	});
});

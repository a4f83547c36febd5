import { describe, expect, it } from "vitest";
import { convertMessages } from "../../src/providers/anthropic-messages/convert.js";
import { anthropicToolId } from "../../src/providers/anthropic-messages/tool-ids.js";
import { assistant, offlineModel as model } from "./fixtures.js";

describe("anthropic-messages: thinking replay", () => {
	it("replays Claude's own signed and redacted thinking byte-for-byte", () => {
		const signature = "EqQBCgIYAhIM+/==";
		const messages = convertMessages(model, [
			{ role: "user", content: "hi", timestamp: 1 },
			assistant([
				{ type: "thinking", thinking: "  exact  text\n", thinkingSignature: signature },
				{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "ENCRYPTED" },
				{ type: "text", text: "hello" },
			]),
		]);
		expect(messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "  exact  text\n", signature },
				{ type: "redacted_thinking", data: "ENCRYPTED" },
				{ type: "text", text: "hello" },
			],
		});
	});

	it("drops unsigned and foreign thinking (never sent as text), and a turn left with nothing", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "hi", timestamp: 1 },
			assistant([{ type: "thinking", thinking: "cut before its signature" }]),
			assistant(
				[
					{ type: "thinking", thinking: "openai reasoning", thinkingSignature: "reasoning_content" },
					{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "opaque" },
					{ type: "text", text: "answer" },
				],
				{ api: "openai-completions", provider: "openai", model: "gpt-x" },
			),
		]);
		expect(messages.slice(1)).toEqual([{ role: "assistant", content: [{ type: "text", text: "answer" }] }]);
		expect(JSON.stringify(messages)).not.toMatch(/cut before|openai reasoning|reasoning_content|opaque/);
	});
});

describe("anthropic-messages: tool ids", () => {
	it("keeps valid ids and maps others deterministically to ^[a-zA-Z0-9_-]{1,64}$ without collisions", () => {
		expect(anthropicToolId("toolu_01A09q90qw90lq917835lq9")).toBe("toolu_01A09q90qw90lq917835lq9");
		const ids = [
			"call_1|fc_1",
			"call_1|fc_2",
			"call_1.fc_1",
			`x${"y".repeat(100)}`,
			`x${"y".repeat(99)}z`,
			"",
			"é",
		];
		const mapped = ids.map(anthropicToolId);
		for (const id of mapped) expect(id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(new Set(mapped).size).toBe(ids.length);
		expect(ids.map(anthropicToolId)).toEqual(mapped);
	});
});

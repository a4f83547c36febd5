import { describe, expect, it } from "vitest";
import { buildRequest } from "../../src/providers/anthropic-messages/convert.js";
import { resolveCompat, resolveToolCallIdFormat } from "../../src/providers/openai-completions/compat.js";
import { buildRequestBody } from "../../src/providers/openai-completions/convert.js";
import type { Context, Message, Model, ToolCall } from "../../src/types.js";
import { claude, gpt, responsesId, result, targetModel, turn, user } from "./fixtures.js";

const call = (id: string): ToolCall => ({ type: "toolCall", id, name: "ls", arguments: {} });
const signed = { type: "thinking", thinking: "mine", thinkingSignature: "EqQB" } as const;

function anthropicThinking(messages: Message[]): unknown {
	return buildRequest(claude, { messages }, { reasoning: "medium" }).thinking;
}

describe("anthropic-messages: thinking across a handoff", () => {
	it("keeps thinking on when the continued tool loop starts with Claude's own signed thinking", () => {
		const messages = [user("go"), turn(claude, [signed, call("toolu_1")]), result("toolu_1", "a")];
		expect(anthropicThinking(messages)).toEqual({ type: "enabled", budget_tokens: 8192 });
	});

	it("sends no thinking for a request that continues a tool loop another model started", () => {
		const messages = [
			user("go"),
			turn(gpt, [{ type: "text", text: "checking" }, call("call_1")]),
			result("call_1", "a"),
		];
		expect(anthropicThinking(messages)).toBeUndefined();
	});

	it("thinks again once the foreign tool loop has ended in an answer and the user speaks", () => {
		const messages = [
			user("go"),
			turn(gpt, [call("call_1")]),
			result("call_1", "a"),
			turn(gpt, [{ type: "text", text: "done" }]),
			user("next"),
		];
		expect(anthropicThinking(messages)).toEqual({ type: "enabled", budget_tokens: 8192 });
	});
});

describe("openai-completions: the toolCallIdFormat compat flag", () => {
	function sentIds(model: Model): string[] {
		const id = responsesId("abc");
		const context: Context = {
			messages: [
				user("go"),
				turn(targetModel("openai-responses", "openai", "gpt-5"), [call(id)]),
				result(id, "a"),
			],
		};
		const body = buildRequestBody(model, context, {}, resolveCompat(model));
		return body.messages.flatMap((message) => {
			if (message.role === "tool") return [message.tool_call_id];
			if (message.role === "assistant") return (message.tool_calls ?? []).map((toolCall) => toolCall.id);
			return [];
		});
	}

	it("defaults to Mistral's ids for provider mistral and to 40 characters elsewhere", () => {
		expect(resolveToolCallIdFormat(targetModel("openai-completions", "mistral", "mistral-large"))).toBe(
			"mistral",
		);
		expect(resolveToolCallIdFormat(gpt)).toBe("default");
		const [callId, resultId] = sentIds(gpt);
		expect(callId?.length).toBeLessThanOrEqual(40);
		expect(resultId).toBe(callId);
	});

	it("sends 9-alphanumeric ids to any server whose compat asks for them, in call and result alike", () => {
		const server = targetModel("openai-completions", "my-gateway", "mixtral", {
			compat: { "openai-completions": { toolCallIdFormat: "mistral" } },
		});
		const [callId, resultId] = sentIds(server);
		expect(callId).toMatch(/^[a-zA-Z0-9]{9}$/);
		expect(resultId).toBe(callId);
	});

	it("keeps another model's text blocks apart with a blank line (its thinking dropped) and joins the model's own", () => {
		const foreign = turn(claude, [
			{ type: "text", text: "First paragraph." },
			{ type: "thinking", thinking: "plan", thinkingSignature: "EqQB" },
			{ type: "text", text: "answer" },
		]);
		const own = turn(gpt, [
			{ type: "text", text: "Hel" },
			{ type: "thinking", thinking: "hm" },
			{ type: "text", text: "lo" },
		]);
		const body = buildRequestBody(
			gpt,
			{ messages: [user("a"), foreign, user("b"), own] },
			{},
			resolveCompat(gpt),
		);
		expect(
			body.messages.filter((message) => message.role === "assistant").map((message) => message.content),
		).toEqual(["First paragraph.\n\nanswer", "Hello"]);
	});
});

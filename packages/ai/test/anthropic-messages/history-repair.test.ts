import { describe, expect, it } from "vitest";
import { convertMessages } from "../../src/providers/anthropic-messages/convert.js";
import { assistant, offlineModel as model, result } from "./fixtures.js";

describe("anthropic-messages: history repair", () => {
	it("skips errored and aborted turns together with the tool results that answer them", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "go", timestamp: 1 },
			assistant([{ type: "toolCall", id: "toolu_bad", name: "ls", arguments: {} }], { stopReason: "error" }),
			result("toolu_bad", "never asked"),
			assistant([{ type: "text", text: "half" }], { stopReason: "aborted" }),
			{ role: "user", content: "again", timestamp: 4 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "go" }] },
			{ role: "user", content: [{ type: "text", text: "again" }] },
		]);
	});

	it("answers a tool call left without a result with a synthetic error before the next turn", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "go", timestamp: 1 },
			assistant(
				[
					{ type: "toolCall", id: "toolu_1", name: "ls", arguments: {} },
					{ type: "toolCall", id: "toolu_2", name: "read", arguments: {} },
				],
				{ stopReason: "toolUse" },
			),
			result("toolu_1", "files"),
			{ role: "user", content: "stop that", timestamp: 5 },
		]);
		expect(messages[2]).toEqual({
			role: "user",
			content: [
				{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "files" }] },
				{
					type: "tool_result",
					tool_use_id: "toolu_2",
					content: [
						{ type: "text", text: "The read tool call got no result: the turn ended before it ran." },
					],
					is_error: true,
				},
			],
		});
		expect(messages[3]).toEqual({ role: "user", content: [{ type: "text", text: "stop that" }] });
	});

	it("sends images as base64 sources, or a note for a text-only model", () => {
		const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
		const withImages = convertMessages(model, [
			{ role: "user", content: [{ type: "text", text: "see" }, image], timestamp: 1 },
		]);
		expect(withImages[0]?.content).toEqual([
			{ type: "text", text: "see" },
			{ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
		]);
		const textOnly = convertMessages({ ...model, input: ["text"] }, [
			{ role: "user", content: [image], timestamp: 1 },
		]);
		expect(textOnly[0]?.content).toEqual([
			{ type: "text", text: "(an image of type image/png was omitted: claude-test-4-5 reads text only)" },
		]);
	});

	it("drops empty and whitespace-only text blocks, which the API rejects", () => {
		const messages = convertMessages(model, [
			{ role: "user", content: "  ", timestamp: 1 },
			{ role: "user", content: "real", timestamp: 1 },
			assistant([{ type: "text", text: "\n" }]),
		]);
		expect(messages).toEqual([{ role: "user", content: [{ type: "text", text: "real" }] }]);
	});
});

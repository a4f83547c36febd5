import { describe, expect, it } from "vitest";
import type { Message, Model } from "../../src/types.js";
import { assistant, contentsSentFor, testModel, textResult, userMessage, useWireServer } from "./fixtures.js";

/**
 * The shared replay rules as they come out in Gemini's format: tool results grouped,
 * images after the responses, errored turns skipped, every call answered.
 */
const server = useWireServer();

const sentContents = (messages: Message[], model?: Model<"google-generative-ai">) =>
	contentsSentFor(server.current, messages, model);
const user = userMessage;
const result = textResult;

describe("google-generative-ai: repairing history", () => {
	it("merges consecutive tool results into one user content of functionResponse parts, errors under error", async () => {
		const contents = await sentContents([
			user("Do two things."),
			assistant([
				{ type: "toolCall", id: "c1", name: "ls", arguments: { path: "." } },
				{ type: "toolCall", id: "c2", name: "read", arguments: { path: "x" } },
			]),
			result("c1", "ls", "a\nb"),
			result("c2", "read", "no such file", true),
		]);
		expect(contents.at(-1)).toEqual({
			role: "user",
			parts: [
				{ functionResponse: { id: "c1", name: "ls", response: { output: "a\nb" } } },
				{ functionResponse: { id: "c2", name: "read", response: { error: "no such file" } } },
			],
		});
		expect(contents).toHaveLength(3);
	});

	it("puts tool-result images after the run of responses, and a note for a text-only model", async () => {
		const history: Message[] = [
			user("Screenshot please."),
			assistant([{ type: "toolCall", id: "c1", name: "shot", arguments: {} }]),
			{
				role: "toolResult",
				toolCallId: "c1",
				toolName: "shot",
				content: [{ type: "image", data: "aGVsbG8=", mimeType: "image/png" }],
				isError: false,
				timestamp: 3,
			},
		];
		const contents = await sentContents(history);
		expect(contents.at(-1)?.parts).toEqual([
			{
				functionResponse: {
					id: "c1",
					name: "shot",
					response: { output: "(the tool returned images; they follow this response)" },
				},
			},
			{ text: "Images returned by the tool shot (call c1):" },
			{ inlineData: { mimeType: "image/png", data: "aGVsbG8=" } },
		]);
		const textOnly = await sentContents(history, testModel(server.current, { input: ["text"] }));
		expect(textOnly.at(-1)?.parts).toEqual([
			{
				functionResponse: {
					id: "c1",
					name: "shot",
					response: { output: "(an image of type image/png was omitted: gemini-2.5-flash reads text only)" },
				},
			},
		]);
	});

	it("sends user images as inlineData", async () => {
		const contents = await sentContents([
			user([
				{ type: "text", text: "What is this?" },
				{ type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
			]),
		]);
		expect(contents).toEqual([
			{
				role: "user",
				parts: [{ text: "What is this?" }, { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }],
			},
		]);
	});

	it("skips errored and aborted turns with their results and merges the user turns around them", async () => {
		const contents = await sentContents([
			user("First."),
			assistant([{ type: "toolCall", id: "bad", name: "ls", arguments: {} }], {
				stopReason: "error",
				errorMessage: "boom",
			}),
			result("bad", "ls", "orphan"),
			user("Second."),
			assistant([{ type: "text", text: "half" }], { stopReason: "aborted" }),
			user("Third."),
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "First." }, { text: "Second." }, { text: "Third." }] },
		]);
	});

	it("answers a call left without a result with a synthetic error response before the next turn", async () => {
		const contents = await sentContents([
			user("Go."),
			assistant([
				{ type: "toolCall", id: "c1", name: "ls", arguments: {} },
				{ type: "toolCall", id: "c2", name: "read", arguments: {} },
			]),
			result("c1", "ls", "ok"),
			user("Stop, do something else."),
		]);
		expect(contents.at(-1)).toEqual({
			role: "user",
			parts: [
				{ functionResponse: { id: "c1", name: "ls", response: { output: "ok" } } },
				{
					functionResponse: {
						id: "c2",
						name: "read",
						response: { error: "The read tool call got no result: the turn ended before it ran." },
					},
				},
				{ text: "Stop, do something else." },
			],
		});
	});
});

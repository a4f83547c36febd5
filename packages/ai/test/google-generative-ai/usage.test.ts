import { describe, expect, it } from "vitest";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("google-generative-ai: usage and cost", () => {
	it("reads promptTokenCount, cachedContentTokenCount, candidatesTokenCount and thoughtsTokenCount from the last chunk", async () => {
		const frame = (usage: Record<string, number>, finish?: string) =>
			`data: ${JSON.stringify({
				candidates: [{ content: { parts: [{ text: "x" }], role: "model" }, index: 0, finishReason: finish }],
				usageMetadata: usage,
			})}\r\n\r\n`;
		server.current.enqueue({
			body:
				frame({
					promptTokenCount: 4_096,
					cachedContentTokenCount: 4_000,
					thoughtsTokenCount: 50,
					totalTokenCount: 4_146,
				}) +
				frame(
					{
						promptTokenCount: 4_096,
						cachedContentTokenCount: 4_000,
						candidatesTokenCount: 12,
						thoughtsTokenCount: 50,
						totalTokenCount: 4_158,
					},
					"STOP",
				),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.usage).toMatchObject({ input: 96, cacheRead: 4_000, output: 62, totalTokens: 4_158 });
	});

	it("counts toolUsePromptTokenCount as input", async () => {
		const body = `data: ${JSON.stringify({
			candidates: [{ content: { parts: [{ text: "x" }], role: "model" }, index: 0, finishReason: "STOP" }],
			usageMetadata: { promptTokenCount: 100, toolUsePromptTokenCount: 40, candidatesTokenCount: 5 },
		})}\r\n\r\n`;
		server.current.enqueue({ body });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.usage).toMatchObject({ input: 140, output: 5, cacheRead: 0, totalTokens: 145 });
	});
});

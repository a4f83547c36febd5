import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("google-generative-ai: usage and cost", () => {
	it("reports input without the cached tokens, cache reads, and thoughts inside output, priced with the model's cost", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{
					blocks: [
						{ type: "thinking", thinking: "hmm", signature: "c2ln" },
						{ type: "text", text: "ok" },
					],
					usage: { input: 1_000, output: 500, cacheRead: 20_000 },
				},
				{ thoughtsTokens: 300 },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.usage).toMatchObject({
			input: 1_000,
			output: 500,
			cacheRead: 20_000,
			cacheWrite: 0,
			totalTokens: 21_500,
		});
		// $0.30 / $2.50 / $0.075 per million tokens.
		expect(message.usage.cost.input).toBeCloseTo(0.0003, 10);
		expect(message.usage.cost.output).toBeCloseTo(0.00125, 10);
		expect(message.usage.cost.cacheRead).toBeCloseTo(0.0015, 10);
		expect(message.usage.cost.total).toBeCloseTo(0.00305, 10);
	});

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

	it("reports zero cost for a free model", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({ blocks: [{ type: "text", text: "ok" }], usage: { input: 10, output: 5 } }),
		});
		const free = testModel(server.current, { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } });
		const { message } = await run(free, userSays());
		expect(message.usage.cost).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 });
		expect(message.usage.totalTokens).toBe(15);
	});
});

import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: usage and cost", () => {
	it("reports uncached input, output and both cache counts, priced with the model's cost", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "ok" }],
				usage: { input: 1_000, output: 500, cacheRead: 20_000, cacheWrite: 4_000 },
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.usage.input).toBe(1_000);
		expect(message.usage.output).toBe(500);
		expect(message.usage.cacheRead).toBe(20_000);
		expect(message.usage.cacheWrite).toBe(4_000);
		expect(message.usage.totalTokens).toBe(25_500);
		// $3 / $15 / $0.30 / $3.75 per million tokens.
		expect(message.usage.cost.input).toBeCloseTo(0.003, 10);
		expect(message.usage.cost.output).toBeCloseTo(0.0075, 10);
		expect(message.usage.cost.cacheRead).toBeCloseTo(0.006, 10);
		expect(message.usage.cost.cacheWrite).toBeCloseTo(0.015, 10);
		expect(message.usage.cost.total).toBeCloseTo(0.0315, 10);
	});

	it("keeps input and cache counts from message_start when message_delta carries only output_tokens", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream(
				{
					blocks: [{ type: "text", text: "ok" }],
					usage: { input: 120, output: 42, cacheRead: 300, cacheWrite: 7 },
				},
				{ deltaUsage: "output" },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.usage).toMatchObject({
			input: 120,
			output: 42,
			cacheRead: 300,
			cacheWrite: 7,
			totalTokens: 469,
		});
	});

	it("reports zero cost for a free model", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "ok" }],
				usage: { input: 10, output: 5 },
			}),
		});
		const free = testModel(server.current, { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } });
		const { message } = await run(free, userSays());
		expect(message.usage.cost).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 });
		expect(message.usage.totalTokens).toBe(15);
	});
});

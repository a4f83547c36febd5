import { createAnthropicMessagesProvider, type Model, ProviderRegistry } from "@kestrel/ai";
import { encodeAnthropicStream, startWireServer, type WireServer } from "@kestrel/ai/testing";
import { Type } from "typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentLoop, maxTurns } from "../src/index.js";
import { collect, labels, lastAgentEnd, ofType, textOf, user } from "./helpers.js";

let server: WireServer;
beforeEach(async () => {
	server = await startWireServer();
});
afterEach(async () => {
	await server.close();
});

function claude(url: string): Model<"anthropic-messages"> {
	return {
		id: "claude-test-4-5",
		name: "Claude Test",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: url,
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 8_000,
	};
}

describe("the loop against the real Anthropic SDK over the loopback wire server", () => {
	it("runs a tool-using conversation over two turns", async () => {
		server.enqueue(
			{
				body: encodeAnthropicStream({
					blocks: [
						{ type: "text", text: "Let me check the weather.", deltaSize: 6 },
						{
							type: "toolCall",
							id: "toolu_01",
							name: "weather",
							arguments: { city: "Paris", days: 1 },
							deltaSize: 5,
						},
					],
					usage: { input: 120, output: 30 },
				}),
				chunking: 7,
			},
			{
				body: encodeAnthropicStream({
					blocks: [{ type: "text", text: "It is 18°C and sunny in Paris.", deltaSize: 4 }],
					usage: { input: 180, output: 15 },
				}),
				chunking: 11,
			},
		);
		const registry = new ProviderRegistry();
		registry.register(createAnthropicMessagesProvider());
		const calls: unknown[] = [];
		const weather = {
			name: "weather",
			description: "Current weather for a city.",
			parameters: Type.Object({ city: Type.String(), days: Type.Integer() }),
			execute: async (_id: string, args: { city: string; days: number }) => {
				calls.push(args);
				return {
					content: [{ type: "text" as const, text: `${args.city}: 18°C, sunny` }],
					details: { celsius: 18 },
				};
			},
		};

		const stream = agentLoop(
			[user("What's the weather in Paris?")],
			{ systemPrompt: "You are a weather assistant.", messages: [], tools: [weather] },
			{
				model: claude(server.url),
				getApiKey: () => "sk-ant-test",
				streamOptions: { maxRetries: 0 },
				shouldStopAfterTurn: maxTurns(5),
			},
			undefined,
			registry.stream.bind(registry),
		);
		const { events, messages } = await collect(stream);

		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:toolu_01",
			"tool_execution_end:toolu_01",
			"message_start:toolResult:toolu_01",
			"message_end:toolResult:toolu_01",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(ofType(events, "message_update").length).toBeGreaterThan(10);
		expect(calls).toEqual([{ city: "Paris", days: 1 }]);
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(textOf(messages[3])).toBe("It is 18°C and sunny in Paris.");
		const end = lastAgentEnd(events);
		expect(end.outcome).toEqual({ kind: "completed" });
		expect(end.stats).toMatchObject({ turns: 2, toolCalls: 1, usage: { input: 300, output: 45 } });
		expect(end.stats.usage.cost.total).toBeCloseTo((300 * 3 + 45 * 15) / 1_000_000, 12);

		expect(server.requests).toHaveLength(2);
		const [first, second] = server.requests as {
			headers: Record<string, unknown>;
			body: Record<string, unknown>;
		}[];
		expect(first?.headers.authorization).toBe("Bearer sk-ant-test");
		expect(first?.body).toMatchObject({
			model: "claude-test-4-5",
			stream: true,
			tools: [{ name: "weather" }],
		});
		expect(JSON.stringify(first?.body.system)).toContain("You are a weather assistant.");
		const replay = second?.body.messages as { role: string; content: unknown }[];
		expect(replay.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(replay[1]?.content).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					type: "tool_use",
					id: "toolu_01",
					name: "weather",
					input: { city: "Paris", days: 1 },
				}),
			]),
		);
		expect(replay[2]?.content).toEqual([
			expect.objectContaining({
				type: "tool_result",
				tool_use_id: "toolu_01",
				content: [expect.objectContaining({ type: "text", text: "Paris: 18°C, sunny" })],
			}),
		]);
	});
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReadmeExample } from "../../../../scripts/readme-example.mjs";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";

let server: WireServer;
const savedEnv = { ...process.env };

beforeAll(async () => {
	server = await startWireServer();
	Object.assign(process.env, {
		ANTHROPIC_API_KEY: "test-anthropic-key",
		OPENAI_API_KEY: "test-openai-key",
		ANTHROPIC_BASE_URL: server.url,
		OPENAI_BASE_URL: `${server.url}/v1`,
	});
});

afterAll(async () => {
	process.env = savedEnv;
	await server.close();
});

describe("the README example", () => {
	it("streams a reply, runs the tool call and continues on another provider", async () => {
		server.enqueue(
			{
				body: encodeAnthropicStream({
					blocks: [
						{ type: "thinking", thinking: "The user wants weather.", signature: "sig-abc" },
						{ type: "text", text: "Let me check.", deltaSize: 3 },
						{
							type: "toolCall",
							id: "toolu_01",
							name: "get_weather",
							arguments: { city: "Oslo" },
							deltaSize: 4,
						},
					],
					usage: { input: 100, output: 20 },
				}),
			},
			{
				body: encodeOpenAIResponsesStream({
					blocks: [{ type: "text", text: "It is 12 °C with light rain in Oslo.", deltaSize: 5 }],
					usage: { input: 150, output: 12 },
				}),
			},
		);
		const { printed: output } = await runReadmeExample(new URL("../../", import.meta.url), {
			directory: "test/.generated/",
			stdout: true,
		});
		expect(output).toContain("Let me check.");
		expect(output).toContain('-> get_weather {"city":"Oslo"}');
		expect(output).toContain("It is 12 °C with light rain in Oslo.");
		expect(output).toMatch(/cost: \$0\.\d{6}/);

		const [anthropicRequest, openaiRequest] = server.requests;
		expect(anthropicRequest?.path).toBe("/v1/messages");
		expect(openaiRequest?.path).toBe("/v1/responses");
		type InputItem = { type?: string; role?: string; output?: unknown };
		const { input } = (openaiRequest?.body ?? { input: [] }) as { input: InputItem[] };
		expect(input.map((item) => item.role ?? item.type)).toEqual([
			"developer",
			"user",
			"assistant",
			"function_call",
			"function_call_output",
		]);
		expect(JSON.stringify(input)).not.toContain("The user wants weather.");
		expect(input.at(-1)?.output).toContain("12 °C and light rain in Oslo");
	});
});

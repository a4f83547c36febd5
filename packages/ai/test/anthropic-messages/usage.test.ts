import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: usage and cost", () => {
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
});

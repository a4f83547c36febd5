import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: content", () => {
	it("turns redacted_thinking into a redacted thinking block that carries the encrypted data", async () => {
		const data =
			"EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB4URj";
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{ type: "redacted_thinking", data },
					{ type: "text", text: "Done." },
				],
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "", redacted: true, thinkingSignature: data },
			{ type: "text", text: "Done." },
		]);
		expect(events.map((event) => event.type)).toEqual([
			"start",
			"thinking_start",
			"thinking_end",
			"text_start",
			"text_delta",
			"text_end",
			"done",
		]);
	});
});

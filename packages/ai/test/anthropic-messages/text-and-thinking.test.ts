import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

/** A signature as the API sends it: base64 with `+`, `/` and `=` that must survive untouched. */
const SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+/Ab9Qz5HsfTqVtX0Rc/B8h+1gN=";

describe("anthropic-messages: text and thinking", () => {
	it("streams text deltas into one text block and ends with done/stop", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "Hello, world!", deltaSize: 4 }] }),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "Hello, world!" }]);
		expect(message.stopReason).toBe("stop");
		expect(message.rawStopReason).toBe("end_turn");
		expect(message.responseId).toBe("msg_01XFDUDYJgAACzvnptvVoYEL");
		const deltas = events.flatMap((event) => (event.type === "text_delta" ? [event.delta] : []));
		expect(deltas).toEqual(["Hell", "o, w", "orld", "!"]);
		expect(events.at(-1)?.type).toBe("done");
	});

	it("keeps the thinking signature byte-for-byte in the final message", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{ type: "thinking", thinking: "Let me think about 2 + 2.", signature: SIGNATURE, deltaSize: 5 },
					{ type: "text", text: "4" },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays("2 + 2?"));
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Let me think about 2 + 2.", thinkingSignature: SIGNATURE },
			{ type: "text", text: "4" },
		]);
	});

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

	it("emits start, per-block start/delta/end with increasing contentIndex, then done for a mixed message", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{ type: "thinking", thinking: "plan", signature: "sig" },
					{ type: "text", text: "Reading it." },
					{ type: "toolCall", id: "toolu_01", name: "read", arguments: { path: "a.txt" } },
				],
			}),
		});
		const { events } = await run(testModel(server.current), userSays());
		const sequence = events.map((event) =>
			"contentIndex" in event ? `${event.type}@${event.contentIndex}` : event.type,
		);
		expect(sequence).toEqual([
			"start",
			"thinking_start@0",
			"thinking_delta@0",
			"thinking_end@0",
			"text_start@1",
			"text_delta@1",
			"text_end@1",
			"toolcall_start@2",
			"toolcall_delta@2",
			"toolcall_end@2",
			"done",
		]);
	});
});

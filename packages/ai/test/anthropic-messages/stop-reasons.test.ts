import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { sseFrame } from "../../src/testing/wire-server/script.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: stop reasons", () => {
	it.each([
		["stop_sequence", "stop"],
		["pause_turn", "stop"],
		["model_context_window_exceeded", "length"],
	] as const)("maps %s to %s with a done event and keeps the raw value", async (raw, expected) => {
		const blocks = [{ type: "text" as const, text: "partial answer" }];
		server.current.enqueue({ body: encodeAnthropicStream({ blocks, stop: raw }) });
		const { events, message } = await run(testModel(server.current), userSays());
		const last = events.at(-1);
		expect(last?.type).toBe("done");
		expect(last?.type === "done" && last.reason).toBe(expected);
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
		expect(message.errorMessage).toBeUndefined();
	});

	it("ends a refusal with an error (invalid_request, code refusal) that keeps the partial text and the explanation", async () => {
		const body = encodeAnthropicStream({
			blocks: [{ type: "text", text: "Hello.." }],
			stop: "refusal",
		}).replace(
			'"stop_sequence":null}',
			'"stop_sequence":null,"stop_details":{"type":"refusal","category":"cyber","explanation":"This request was declined because it could enable cyber harm."}}',
		);
		server.current.enqueue({ body });
		const { events, message } = await run(testModel(server.current), userSays());
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.rawStopReason).toBe("refusal");
		expect(message.error).toEqual({ kind: "invalid_request", code: "refusal" });
		expect(message.errorMessage).toContain("could enable cyber harm");
		expect(message.content).toEqual([{ type: "text", text: "Hello.." }]);
	});

	it("ends with stop when message_stop arrives without any message_delta", async () => {
		const body =
			sseFrame(
				{ type: "message_start", message: { id: "msg_x", usage: { input_tokens: 3, output_tokens: 1 } } },
				"message_start",
			) + sseFrame({ type: "message_stop" }, "message_stop");
		server.current.enqueue({ body });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([]);
	});
});

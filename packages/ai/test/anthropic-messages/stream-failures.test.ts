import { describe, expect, it, vi } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { onWireClock } from "../support/wire-clock.js";
import { baseOptions, run, testModel, userSays, useWireServer } from "./fixtures.js";

vi.mock(import("../../src/provider-run.js"), async (original) =>
	(await import("../support/wire-clock.js")).countingActivity(await original()),
);

const server = useWireServer();

describe("anthropic-messages: errors inside the stream", () => {
	it("fails a body in which a second message starts before the first ended, and accepts a repeated start", async () => {
		const first = encodeAnthropicStream({
			id: "msg_first",
			blocks: [{ type: "text", text: "First answer." }],
		});
		const start = first.slice(0, first.indexOf("event: content_block_start"));
		// A proxy spliced another generation into the body after the first block began.
		const second = encodeAnthropicStream({ id: "msg_second", blocks: [{ type: "text", text: "Second." }] });
		const firstBlock = first.indexOf("event: content_block_stop");
		server.current.enqueue({ body: `${first.slice(0, firstBlock)}${second}` });
		const spliced = await run(testModel(server.current), userSays());
		expect(spliced.message.stopReason).toBe("error");
		expect(spliced.message.error?.kind).toBe("network");
		expect(spliced.message.responseId).toBe("msg_first");
		expect(spliced.message.content).toEqual([{ type: "text", text: "First answer." }]);

		// The same start sent twice before any content is harmless.
		server.current.enqueue({ body: `${start}${first}` });
		const repeated = await run(testModel(server.current), userSays());
		expect(repeated.message.stopReason).toBe("stop");
		expect(repeated.message.content).toEqual([{ type: "text", text: "First answer." }]);
	});

	it("keeps a tool call's partial arguments when the stream fails inside it", async () => {
		const body = encodeAnthropicStream({
			blocks: [
				{
					type: "toolCall",
					id: "toolu_x",
					name: "write",
					arguments: { path: "a.txt", content: "abc" },
					deltaSize: 8,
				},
			],
		});
		const cut = body.indexOf("event: content_block_stop");
		server.current.enqueue({
			body: `${body.slice(0, cut)}event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Internal server error"}}\n\n`,
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error?.kind).toBe("unknown");
		expect(message.content).toEqual([
			{ type: "toolCall", id: "toolu_x", name: "write", arguments: { path: "a.txt", content: "abc" } },
		]);
	});
});

describe("anthropic-messages: keep-alive pings", () => {
	it("counts ping frames as activity, so a long silent phase with pings does not time out", async () => {
		const body = encodeAnthropicStream({ blocks: [{ type: "text", text: "after a long think" }] });
		const firstFrameEnd = body.indexOf("\n\n") + 2;
		const ping = 'event: ping\ndata: {"type":"ping"}\n\n';
		// 12 pings 150 ms apart on the watchdog's clock: 1.8 s of silence apart from pings,
		// against a 1 s idle timeout.
		const withPings = body.slice(0, firstFrameEnd) + ping.repeat(12) + body.slice(firstFrameEnd);
		const frames = withPings.split(/(?<=\n\n)/).map((frame) => Buffer.byteLength(frame));
		server.current.enqueue({ body: withPings, chunking: frames, chunkDelayMs: 150 });
		const { message } = await onWireClock(150, () =>
			run(testModel(server.current), userSays(), baseOptions({ idleTimeoutMs: 1_000 })),
		);
		expect(message.error).toBeUndefined();
		expect(message.content).toEqual([{ type: "text", text: "after a long think" }]);
	});
});

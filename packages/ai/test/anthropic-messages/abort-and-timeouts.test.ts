import { describe, expect, it, vi } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { onWireClock } from "../support/wire-clock.js";
import { baseOptions, collect, provider, run, testModel, userSays, useWireServer } from "./fixtures.js";

vi.mock(import("../../src/provider-run.js"), async (original) =>
	(await import("../support/wire-clock.js")).countingActivity(await original()),
);

const server = useWireServer();

const longAnswer = encodeAnthropicStream({
	blocks: [{ type: "text", text: "one two three four five six seven eight nine ten", deltaSize: 4 }],
});

/** Byte offset just past the first text delta frame, to stall or drop the stream there. */
function afterFirstTextDelta(body: string): number {
	const start = body.indexOf("event: content_block_delta");
	return Buffer.byteLength(body.slice(0, body.indexOf("\n\n", start) + 2));
}

describe("anthropic-messages: abort", () => {
	it("ends with aborted when the signal fires before the first byte", async () => {
		server.current.enqueue({ body: longAnswer, headersDelayMs: 5_000 });
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 50);
		const { events, message } = await run(
			testModel(server.current),
			userSays(),
			baseOptions({ signal: controller.signal }),
		);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("aborted");
		expect(message.error?.kind).toBe("aborted");
		expect(message.content).toEqual([]);
	});

	it("ends with aborted and keeps the partial text when the signal fires mid-stream", async () => {
		const frames = longAnswer.split(/(?<=\n\n)/).map((frame) => Buffer.byteLength(frame));
		// The rest waits: the abort comes before any later delta, however slowly the client reads.
		server.current.enqueue({
			body: longAnswer,
			chunking: frames,
			stallAfterBytes: afterFirstTextDelta(longAnswer),
		});
		const controller = new AbortController();
		const stream = provider.stream(
			testModel(server.current),
			userSays(),
			baseOptions({ signal: controller.signal }),
		);
		const { events, message } = await collect(stream, (event) => {
			if (event.type === "text_delta") controller.abort();
		});
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("aborted");
		expect(message.error?.kind).toBe("aborted");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});
});

describe("anthropic-messages: stalls and dropped connections", () => {
	it("ends with kind timeout when the server stalls right after the headers", async () => {
		server.current.enqueue({ body: longAnswer, stallAfterBytes: 0 });
		const { message } = await run(
			testModel(server.current),
			userSays(),
			baseOptions({ firstByteTimeoutMs: 200 }),
		);
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("nothing for 200 ms before the first stream event");
	});

	it("ends with kind timeout when the response headers do not arrive in time", async () => {
		server.current.enqueue({ body: longAnswer, headersDelayMs: 5_000 });
		const { message } = await run(
			testModel(server.current),
			userSays(),
			baseOptions({ firstByteTimeoutMs: 200 }),
		);
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("nothing for 200 ms before the first stream event");
	});

	it("ends with kind timeout and keeps the partial text when the server stalls mid-stream", async () => {
		server.current.enqueue({ body: longAnswer, stallAfterBytes: afterFirstTextDelta(longAnswer) });
		const { message } = await run(testModel(server.current), userSays(), baseOptions({ idleTimeoutMs: 200 }));
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("nothing for 200 ms between two stream events");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});

	it("ends with kind network and keeps the partial text when the connection drops mid-stream", async () => {
		// The first delta goes out, then a few bytes of the next frame; the connection drops
		// once the client has read the delta (a client discards data it has not read yet).
		const cut = afterFirstTextDelta(longAnswer);
		server.current.enqueue({ body: longAnswer, chunking: [cut, 5], stallAfterBytes: cut + 5 });
		const stream = provider.stream(testModel(server.current), userSays(), baseOptions());
		const { message } = await collect(stream, (event) => {
			if (event.type === "text_delta") void server.current.close();
		});
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});

	it("ends with kind network when the body ends cleanly but before message_stop", async () => {
		server.current.enqueue({ body: longAnswer.slice(0, longAnswer.indexOf("event: message_delta")) });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([
			{ type: "text", text: "one two three four five six seven eight nine ten" },
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

import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { baseOptions, collect, provider, run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

const longAnswer = encodeGeminiStream({
	blocks: [{ type: "text", text: "one two three four five six seven eight nine ten", deltaSize: 4 }],
});

/** Byte sizes of the frames, so that each frame can be written on its own. */
const frameSizes = (body: string) => body.split(/(?<=\r\n\r\n)/).map((frame) => Buffer.byteLength(frame));

/** Byte offset just past the first frame, to stall or drop the stream there. */
const afterFirstFrame = (body: string) => frameSizes(body)[0] ?? 0;

describe("google-generative-ai: abort", () => {
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

	it("ends with aborted without a request when the signal fired before the call", async () => {
		const controller = new AbortController();
		controller.abort();
		const { message } = await run(
			testModel(server.current),
			userSays(),
			baseOptions({ signal: controller.signal }),
		);
		expect(message.stopReason).toBe("aborted");
		expect(server.current.requests).toHaveLength(0);
	});

	it("ends with aborted and keeps the partial text when the signal fires mid-stream", async () => {
		// The rest waits: the abort comes before any later delta, however slowly the client reads.
		server.current.enqueue({
			body: longAnswer,
			chunking: frameSizes(longAnswer),
			stallAfterBytes: afterFirstFrame(longAnswer),
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

describe("google-generative-ai: stalls and dropped connections", () => {
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
		server.current.enqueue({ body: longAnswer, stallAfterBytes: afterFirstFrame(longAnswer) });
		const { message } = await run(testModel(server.current), userSays(), baseOptions({ idleTimeoutMs: 200 }));
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("nothing for 200 ms between two stream events");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});

	it("ends with kind network and keeps the partial text when the connection drops mid-stream", async () => {
		// The first frame goes out, then a few bytes of the next one; the connection drops once
		// the client has read the first frame (a client discards data it has not read yet).
		const cut = afterFirstFrame(longAnswer);
		server.current.enqueue({ body: longAnswer, chunking: [cut, 5], stallAfterBytes: cut + 5 });
		const stream = provider.stream(testModel(server.current), userSays(), baseOptions());
		const { message } = await collect(stream, (event) => {
			if (event.type === "text_delta") void server.current.close();
		});
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});

	it("ends with kind network when the body ends cleanly inside a frame", async () => {
		const cut = afterFirstFrame(longAnswer) + 20;
		server.current.enqueue({ body: Buffer.from(longAnswer).subarray(0, cut).toString() });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error?.kind).toBe("network");
		expect(message.errorMessage).toContain("connection closed");
		expect(message.content).toEqual([{ type: "text", text: "one " }]);
	});
});

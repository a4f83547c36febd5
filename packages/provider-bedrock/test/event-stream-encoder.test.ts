import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
	bedrockExceptionFrame,
	concatMessages,
	encodeEventStreamMessage,
	eventStreamFrameEnds,
} from "../src/testing/index.js";

/** Reads one message by the format's definition, independently of the encoder. */
function decode(bytes: Uint8Array) {
	const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const total = view.readUInt32BE(0);
	const headersLength = view.readUInt32BE(4);
	const headers: Record<string, string> = {};
	for (let at = 12; at < 12 + headersLength; ) {
		const nameLength = view.readUInt8(at);
		const name = view.subarray(at + 1, at + 1 + nameLength).toString("utf8");
		expect(view.readUInt8(at + 1 + nameLength), "header value type").toBe(7);
		const valueLength = view.readUInt16BE(at + 2 + nameLength);
		headers[name] = view.subarray(at + 4 + nameLength, at + 4 + nameLength + valueLength).toString("utf8");
		at += 4 + nameLength + valueLength;
	}
	return {
		total,
		headers,
		payload: view.subarray(12 + headersLength, total - 4).toString("utf8"),
		preludeCrcOk: view.readUInt32BE(8) === crc32(view.subarray(0, 8)),
		messageCrcOk: view.readUInt32BE(total - 4) === crc32(view.subarray(0, total - 4)),
	};
}

describe("encodeEventStreamMessage", () => {
	it("writes the prelude, string headers, the payload and both CRC32s", () => {
		const bytes = encodeEventStreamMessage({
			headers: { ":event-type": "contentBlockDelta", ":message-type": "event" },
			payload: '{"delta":{"text":"é 🦅"}}',
		});
		const message = decode(bytes);
		expect(message.total).toBe(bytes.length);
		expect(message.headers).toEqual({ ":event-type": "contentBlockDelta", ":message-type": "event" });
		expect(message.payload).toBe('{"delta":{"text":"é 🦅"}}');
		expect(message.preludeCrcOk).toBe(true);
		expect(message.messageCrcOk).toBe(true);
	});

	it("writes a wrong prelude or message CRC when asked", () => {
		const message = { headers: { a: "b" }, payload: "{}" };
		// The message CRC covers the bytes as written, the damaged prelude CRC included.
		expect(decode(encodeEventStreamMessage(message, { preludeCrc: true }))).toMatchObject({
			preludeCrcOk: false,
			messageCrcOk: true,
		});
		expect(decode(encodeEventStreamMessage(message, { messageCrc: true }))).toMatchObject({
			preludeCrcOk: true,
			messageCrcOk: false,
		});
	});

	it("refuses a header value longer than the format allows", () => {
		expect(() => encodeEventStreamMessage({ headers: { a: "x".repeat(70_000) }, payload: "" })).toThrow(
			RangeError,
		);
	});

	it("an exception frame names the stream member and carries the message as JSON", () => {
		const message = decode(bedrockExceptionFrame("ThrottlingException", "Slow down.", { retry: 1 }));
		expect(message.headers).toEqual({
			":exception-type": "throttlingException",
			":content-type": "application/json",
			":message-type": "exception",
		});
		expect(JSON.parse(message.payload)).toEqual({ message: "Slow down.", retry: 1 });
	});
});

describe("eventStreamFrameEnds", () => {
	it("finds each message's end from its length, and ends at a trailing partial message", () => {
		const first = encodeEventStreamMessage({ headers: { n: "1" }, payload: "one" });
		const second = encodeEventStreamMessage({ headers: { n: "2" }, payload: "second" });
		const body = concatMessages([first, second]);
		expect(eventStreamFrameEnds(body)).toEqual([first.length, first.length + second.length]);
		expect(eventStreamFrameEnds(body.subarray(0, first.length + 5))).toEqual([
			first.length,
			first.length + 5,
		]);
	});
});

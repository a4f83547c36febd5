import { crc32 } from "node:zlib";

/** One message of an `application/vnd.amazon.eventstream` body. */
export interface EventStreamMessage {
	/** Header names and their string values (header value type 7), in order. */
	headers: Record<string, string>;
	/** The payload: JSON text for Bedrock's events and exceptions. */
	payload: string | Uint8Array;
}

/** Damage to write into a message, for tests of a client's frame checks. */
export interface EventStreamDamage {
	/** Write a wrong CRC32 over the prelude (total length and headers length). */
	preludeCrc?: boolean;
	/** Write a wrong CRC32 over the whole message. */
	messageCrc?: boolean;
}

/** The prelude (two lengths and their CRC) plus the message CRC. */
const PRELUDE_BYTES = 12;
const CRC_BYTES = 4;
const STRING_HEADER = 7;

/**
 * Encodes one message of the AWS event stream format: a prelude of the total length and
 * the headers length (big-endian uint32 each) followed by the CRC32 of those 8 bytes,
 * the headers, the payload, and the CRC32 of everything before it. Each header is its
 * name's length (uint8), the name, the value type (7: string), the value's length
 * (uint16) and the value, all UTF-8.
 *
 * @throws RangeError for a header name longer than 255 bytes or a value longer than 65 535.
 */
export function encodeEventStreamMessage(
	message: EventStreamMessage,
	damage: EventStreamDamage = {},
): Uint8Array {
	const headers = encodeHeaders(message.headers);
	const payload =
		typeof message.payload === "string" ? Buffer.from(message.payload, "utf8") : message.payload;
	const total = PRELUDE_BYTES + headers.length + payload.length + CRC_BYTES;
	const bytes = Buffer.alloc(total);
	bytes.writeUInt32BE(total, 0);
	bytes.writeUInt32BE(headers.length, 4);
	bytes.writeUInt32BE(flip(crc32(bytes.subarray(0, 8)), damage.preludeCrc), 8);
	headers.copy(bytes, PRELUDE_BYTES);
	bytes.set(payload, PRELUDE_BYTES + headers.length);
	bytes.writeUInt32BE(
		flip(crc32(bytes.subarray(0, total - CRC_BYTES)), damage.messageCrc),
		total - CRC_BYTES,
	);
	return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function encodeHeaders(headers: Record<string, string>): Buffer {
	const parts: Buffer[] = [];
	for (const [name, value] of Object.entries(headers)) {
		const nameBytes = Buffer.from(name, "utf8");
		const valueBytes = Buffer.from(value, "utf8");
		if (nameBytes.length > 0xff) throw new RangeError(`Event stream header name too long: ${name}`);
		if (valueBytes.length > 0xffff) throw new RangeError(`Event stream header ${name}: value too long`);
		const part = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
		part.writeUInt8(nameBytes.length, 0);
		nameBytes.copy(part, 1);
		part.writeUInt8(STRING_HEADER, 1 + nameBytes.length);
		part.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
		valueBytes.copy(part, 4 + nameBytes.length);
		parts.push(part);
	}
	return Buffer.concat(parts);
}

function flip(crc: number, damaged: boolean | undefined): number {
	return damaged ? (crc ^ 0xffffffff) >>> 0 : crc;
}

/** Joins encoded messages into one response body. */
export function concatMessages(messages: readonly Uint8Array[]): Uint8Array {
	const joined = Buffer.concat(messages);
	return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}

/**
 * The byte offsets at which the messages of an event stream body end, read from each
 * message's total length; the last is the body's length (a trailing partial message
 * ends there). For the conformance suite's `frameEnds`.
 */
export function eventStreamFrameEnds(body: Uint8Array): number[] {
	const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
	const ends: number[] = [];
	let offset = 0;
	while (offset + 4 <= body.length) {
		const total = view.getUint32(offset);
		if (total < PRELUDE_BYTES + CRC_BYTES) break;
		offset += total;
		if (offset > body.length) break;
		ends.push(offset);
	}
	if (ends.at(-1) !== body.length) ends.push(body.length);
	return ends;
}

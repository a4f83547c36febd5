import assert from "node:assert/strict";
import type { ScriptedResponse } from "../wire-server/server.js";
import type { ConformanceTarget } from "./target.js";

/** The bytes of a scripted body. */
export function bodyBytes(body: string | Uint8Array): Uint8Array {
	return typeof body === "string" ? new TextEncoder().encode(body) : body;
}

/**
 * Where a two-piece split of `body` is worth trying through a real client: around every
 * line end (two bytes either side, so `\r\n`, `\n\n` and a frame's last byte are cut in
 * every way), beside every byte of a non-ASCII character (inside UTF-8 sequences and
 * emoji; in a binary body, most of it), and every `stride`-th byte in between. Each split
 * costs a request, so a body of a few thousand bytes is not split everywhere; the readers'
 * own tests split their input at every byte.
 */
export function splitPoints(body: Uint8Array, stride = 8): number[] {
	const points: number[] = [];
	const LF = 0x0a;
	for (let at = 1; at < body.length; at++) {
		const near = (offset: number) => body[at + offset];
		const lineEnd = [-3, -2, -1, 0, 1].some((offset) => near(offset) === LF);
		const nonAscii = (near(-1) ?? 0) >= 0x80 || (near(0) ?? 0) >= 0x80;
		if (lineEnd || nonAscii || at % stride === 0) points.push(at);
	}
	return points;
}

/**
 * Where the events of an SSE body end: after each blank line (`\n\n`, `\r\n\r\n`,
 * `\r\r`), plus the body's end when it does not end with one.
 */
export function sseFrameEnds(body: Uint8Array): number[] {
	const ends: number[] = [];
	const LF = 0x0a;
	const CR = 0x0d;
	for (let index = 0; index < body.length; index++) {
		const byte = body[index];
		if (byte === LF && body[index + 1] === LF) {
			ends.push(index + 2);
			index += 1;
		} else if (byte === CR && body[index + 1] === LF && body[index + 2] === CR && body[index + 3] === LF) {
			ends.push(index + 4);
			index += 3;
		} else if (byte === CR && body[index + 1] === CR) {
			ends.push(index + 2);
			index += 1;
		}
	}
	if (ends.at(-1) !== body.length) ends.push(body.length);
	return ends;
}

/** A response's body with the frame ends the target reports, checked for sense. */
export class EncodedBody {
	readonly bytes: Uint8Array;
	readonly ends: number[];

	constructor(
		target: ConformanceTarget,
		readonly response: ScriptedResponse,
	) {
		this.bytes = bodyBytes(response.body);
		this.ends = (target.frameEnds ?? sseFrameEnds)(this.bytes);
		const sorted = this.ends.every((end, index) => end > (this.ends[index - 1] ?? 0));
		assert.ok(
			sorted && this.ends.at(-1) === this.bytes.length,
			"frameEnds must rise and end at the body's length",
		);
	}

	/** The end of the first frame that holds `text` (as UTF-8). */
	endOfFrameWith(text: string): number {
		const needle = new TextEncoder().encode(text);
		const at = indexOf(this.bytes, needle);
		assert.ok(
			at >= 0,
			`the encoded body does not contain ${JSON.stringify(text)}: encode must send script text as UTF-8, unescaped`,
		);
		const end = this.ends.find((candidate) => candidate >= at + needle.length);
		assert.ok(
			end !== undefined && end < this.bytes.length,
			`no frame follows the one with ${JSON.stringify(text)}`,
		);
		return end;
	}

	/** An offset inside the frame that follows the one ending at `end`. */
	insideFrameAfter(end: number): number {
		const next = this.ends.find((candidate) => candidate > end) ?? this.bytes.length;
		return end + Math.max(1, Math.floor((next - end) / 2));
	}

	/** The response with `bytes` as its body, sent with the content type the original had. */
	withBody(bytes: Uint8Array, extra: Partial<ScriptedResponse> = {}): ScriptedResponse {
		const headers = { ...this.response.headers };
		const named = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
		if (!named && typeof this.response.body === "string") headers["content-type"] = "text/event-stream";
		return { ...this.response, ...extra, headers, body: bytes };
	}
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
	outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
		for (let offset = 0; offset < needle.length; offset++) {
			if (haystack[start + offset] !== needle[offset]) continue outer;
		}
		return start;
	}
	return -1;
}

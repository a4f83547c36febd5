import { describe, expect, it } from "vitest";
import { SseParser } from "../../src/sse/read-sse-events.js";

/** Feeds `pieces` one by one and returns the data of every event plus the unfinished text. */
function read(pieces: string[]): { data: string[]; rest: string } {
	const parser = new SseParser();
	const data: string[] = [];
	for (const piece of pieces) for (const frame of parser.push(piece)) data.push(frame.data);
	return { data, rest: parser.unfinished() };
}

const stream = [
	'data: {"a":1}\r\n\r\n',
	": a comment\n",
	'event: message\ndata: {"b":"x\\ny"}\n\n',
	'data:{"c":3}\r\rdata: [1,\r\ndata: 2]\r\n\r\n',
	'id: 7\r\ndata: {"d":"é😀"}\r\n\r\n',
].join("");
const expected = ['{"a":1}', '{"b":"x\\ny"}', '{"c":3}', "[1,\n2]", '{"d":"é😀"}'];

describe("SseParser data frames and unfinished text (what Gemini streams rely on)", () => {
	it("ends events at an empty line under \\n, \\r\\n and \\r line ends and joins data lines with \\n", () => {
		expect(read([stream])).toEqual({ data: expected, rest: "" });
	});

	it("reads the same events from every two-piece split, including a \\r\\n cut between its two characters", () => {
		for (let cut = 0; cut <= stream.length; cut++) {
			expect(read([stream.slice(0, cut), stream.slice(cut)]), `cut at ${cut}`).toEqual({
				data: expected,
				rest: "",
			});
		}
	});

	it("reads the same events from one-character pieces and from empty pieces in between", () => {
		const pieces = [...stream].flatMap((char) => [char, ""]);
		expect(read(pieces)).toEqual({ data: expected, rest: "" });
	});

	it("does not take the \\n after a \\r that ended a piece for an empty line", () => {
		expect(read(['data: {"a":1}\r', '\ndata: {"b":2}\r\n', "\r\n"]).data).toEqual(['{"a":1}\n{"b":2}']);
	});

	it("leaves the lines of an event without its empty line, or a partial line, as the rest", () => {
		expect(read(['data: {"a":1}\r\n\r\ndata: {"b":2}\r\n'])).toEqual({
			data: ['{"a":1}'],
			rest: 'data: {"b":2}\n',
		});
		expect(read(['data: {"a":1}\n\n{\n  "error": {\n    "code": 503\n  }\n}\n'])).toEqual({
			data: ['{"a":1}'],
			rest: '{\n  "error": {\n    "code": 503\n  }\n}\n',
		});
		expect(read(['data: {"a":1}\r\n\r\ndata: {"b"'])).toEqual({ data: ['{"a":1}'], rest: 'data: {"b"' });
	});
});

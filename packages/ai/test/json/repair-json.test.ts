import { describe, expect, it } from "vitest";
import { JsonRepairStream, repairJson } from "../../src/json/repair-json.js";

/** Deterministic PRNG (mulberry32) so that property cases are reproducible. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const ALPHABET = [
	"a",
	"Z",
	"0",
	" ",
	'"',
	"\\",
	"/",
	"\n",
	"\t",
	"\r",
	"\b",
	"\f",
	"\u0000",
	"\u001f",
	"é",
	"😀",
	"'",
];

function randomString(next: () => number, maxLength: number): string {
	let text = "";
	const length = Math.floor(next() * maxLength);
	for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
	return text;
}

function randomValue(next: () => number, depth: number): unknown {
	const pick = Math.floor(next() * (depth > 3 ? 4 : 6));
	if (pick === 0) return randomString(next, 12);
	if (pick === 1) return Math.round((next() - 0.5) * 1e6) / 100;
	if (pick === 2) return next() < 0.5;
	if (pick === 3) return null;
	if (pick === 4) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
	const object: Record<string, unknown> = {};
	for (let i = Math.floor(next() * 4); i > 0; i--)
		object[randomString(next, 6)] = randomValue(next, depth + 1);
	return object;
}

describe("repairJson", () => {
	it.each([
		["raw newline inside a string becomes \\n", '{"a":"x\ny"}', '{"a":"x\\ny"}'],
		["raw tab inside a string becomes \\t", '{"a":"x\ty"}', '{"a":"x\\ty"}'],
		["raw carriage return inside a string becomes \\r", '{"a":"x\ry"}', '{"a":"x\\ry"}'],
		["raw backspace and form feed become \\b and \\f", '{"a":"\b\f"}', '{"a":"\\b\\f"}'],
		[
			"other raw control characters become \\u00XX",
			'{"a":"\u0000\u0001\u001f"}',
			'{"a":"\\u0000\\u0001\\u001f"}',
		],
		["\\x becomes a literal backslash", '{"a":"\\x41"}', '{"a":"\\\\x41"}'],
		["\\' becomes a literal backslash", '{"a":"it\\\'s"}', '{"a":"it\\\\\'s"}'],
		["a Windows path keeps its backslashes", '{"p":"C:\\Users\\me"}', '{"p":"C:\\\\Users\\\\me"}'],
		["a backslash before a raw newline is literal", '{"a":"x\\\ny"}', '{"a":"x\\\\\\ny"}'],
		["a cut-off \\u before a quote is literal", '{"a":"\\u12"}', '{"a":"\\\\u12"}'],
		["a \\u with a non-hex digit is literal", '{"a":"\\u12G4"}', '{"a":"\\\\u12G4"}'],
		["a backslash at the end of the text is literal", '{"a":"x\\', '{"a":"x\\\\'],
		["a \\u at the end of the text is literal", '{"a":"\\u00e', '{"a":"\\\\u00e'],
		[
			"valid escapes are kept",
			'{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9\\uD83D\\uDE00"}',
			'{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9\\uD83D\\uDE00"}',
		],
		[
			"whitespace and control characters outside strings are untouched",
			'{\n\t"a" :\r\n 1,\u0001}',
			'{\n\t"a" :\r\n 1,\u0001}',
		],
		["keys are repaired like values", '{"a\nb":1}', '{"a\\nb":1}'],
		["an escaped quote does not end the string", '{"a":"q\\"\n"}', '{"a":"q\\"\\n"}'],
		["empty text stays empty", "", ""],
	])("%s", (_name, input, expected) => {
		expect(repairJson(input)).toBe(expected);
	});

	it("repaired strings parse to the text the model meant", () => {
		const repaired = repairJson('{"content":"line1\n\tline2 \\d+ it\\\'s","path":"C:\\dir"}');
		expect(JSON.parse(repaired)).toEqual({ content: "line1\n\tline2 \\d+ it\\'s", path: "C:\\dir" });
	});

	it("returns valid JSON unchanged (property over 500 random documents, compact and indented)", () => {
		const next = random(42);
		for (let i = 0; i < 500; i++) {
			const value = randomValue(next, 0);
			const compact = JSON.stringify(value);
			const indented = JSON.stringify(value, null, "\t");
			expect(repairJson(compact)).toBe(compact);
			expect(repairJson(indented)).toBe(indented);
		}
	});

	it("any string without quotes or backslashes, embedded raw, parses back to itself", () => {
		const next = random(7);
		for (let i = 0; i < 500; i++) {
			const text = randomString(next, 40).replace(/["\\]/g, "");
			expect(JSON.parse(repairJson(`{"s":"${text}"}`))).toEqual({ s: text });
		}
	});

	it("the stream gives the same output as the function, whatever the split points", () => {
		const input = '{"a":"x\ny\\x\\u00e9\\u12\\"\\\\","b":["\\\'",1],"c":"\\uD83D\\uDE00\t"}\\';
		const expected = repairJson(input);
		for (let i = 0; i <= input.length; i++) {
			for (let j = i; j <= input.length; j++) {
				const stream = new JsonRepairStream();
				const output =
					stream.push(input.slice(0, i)) +
					stream.push(input.slice(i, j)) +
					stream.push(input.slice(j)) +
					stream.end();
				expect(output).toBe(expected);
			}
		}
	});

	it("examines each character a bounded number of times (linear work)", () => {
		const stream = new JsonRepairStream();
		const input = `{"a":"${"\\x\n".repeat(1000)}"}`;
		stream.push(input);
		expect(stream.work).toBeLessThanOrEqual(2 * input.length);
	});
});

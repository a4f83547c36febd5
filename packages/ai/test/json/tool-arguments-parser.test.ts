import { describe, expect, it } from "vitest";
import {
	parseToolArguments,
	ToolArgumentsParser,
	type ToolArgumentsResult,
} from "../../src/json/tool-arguments-parser.js";

function streamIn(text: string, deltaLength: number): ToolArgumentsParser {
	const parser = new ToolArgumentsParser();
	for (let i = 0; i < text.length; i += deltaLength) parser.push(text.slice(i, i + deltaLength));
	return parser;
}

function pushAll(deltas: string[]): ToolArgumentsParser {
	const parser = new ToolArgumentsParser();
	for (const delta of deltas) parser.push(delta);
	return parser;
}

/** A `content` string of `size` UTF-16 code units: code lines, quotes, backslashes, tabs, accents, emoji. */
function fileContent(size: number): string {
	const lines = [
		'const greeting = "héllo wörld"; // say it\n',
		"\tif (a < b && c > d) return 'single' + `tmpl`;\n",
		"path = C:\\Users\\kestrel\\file.ts — naïve café 😀🎉 日本語\n",
		"\r\n",
		'{"nested": "json \\"inside\\" a string"}\n',
	];
	let content = "";
	for (let i = 0; content.length < size; i++) content += lines[i % lines.length];
	return content.slice(0, size);
}

const NESTED = String.raw`{"a":{"b":[1,-2.5e+3,0,1E-2,true,false,null,{"c":""}]},"s":"q\"b\\s\/\u00e9\uD83D\uDE00 😀\n\t","e":[[],{}],"n":-0.5}`;

const SHAPES = [
	"{}",
	" \n\t{ } \n",
	'{"a":1}',
	'{"a":[]}',
	'{"a":[[[[]]]],"b":{"c":{"d":{}}}}',
	'{"n":[0,-0,12,-12.75,1e10,1E+2,2.5e-3,-1.5E-7,123456789012345]}',
	'{"t":true,"f":false,"z":null,"arr":[true,false,null]}',
	String.raw`{"esc":"\"\\\/\b\f\n\r\t","u":"\u00e9\u00E9\u20AC","pair":"\uD83D\uDE00","lone":"\uD800x"}`,
	'{"raw":"😀 日本語 naïve","😀":"key"}',
	'{"":"empty key","__proto__":{"polluted":true},"dup":1,"dup":2}',
	'{ "spaced" : [ 1 , "two" , { "three" : 3 } ] , "x" : "y" }',
	'{"list":["a","b","c"],"objs":[{"k":"v1"},{"k":"v2"}]}',
	NESTED,
];

describe("ToolArgumentsParser", () => {
	it("shows path and a growing content while a realistic call streams in 1-char deltas", () => {
		const text = '{"path":"a.ts","content":"line1\\nline2"}';
		const parser = new ToolArgumentsParser();
		const seen: string[] = [];
		let pathWhileContentStreams: unknown;
		for (const char of text) {
			parser.push(char);
			const content = parser.value.content;
			if (typeof content === "string") {
				seen.push(content);
				if (content === "line1") pathWhileContentStreams = parser.value.path;
			}
		}
		expect(pathWhileContentStreams).toBe("a.ts");
		expect(seen).toContain("line1");
		expect(seen).toContain("line1\nl");
		expect(seen).toContain("line1\nline2");
		for (let i = 1; i < seen.length; i++) {
			expect(seen[i]!.startsWith(seen[i - 1]!)).toBe(true);
		}
		expect(parser.finish()).toEqual({ arguments: { path: "a.ts", content: "line1\nline2" } });
	});

	it("shows a partial path before its closing quote and keeps the same live object", () => {
		const parser = new ToolArgumentsParser();
		parser.push('{"path":"src/ma');
		const live = parser.value;
		expect(live).toEqual({ path: "src/ma" });
		parser.push('in.ts","n":4');
		expect(parser.value).toBe(live);
		// An unfinished number is not shown: 4 could still become 42.
		expect(parser.value).toEqual({ path: "src/main.ts" });
		parser.push("2}");
		expect(parser.value).toEqual({ path: "src/main.ts", n: 42 });
	});

	it("shows partial strings inside arrays without duplicating them once complete", () => {
		const parser = new ToolArgumentsParser();
		parser.push('{"edits":["ab');
		expect(parser.value).toEqual({ edits: ["ab"] });
		parser.push('c","d');
		expect(parser.value).toEqual({ edits: ["abc", "d"] });
		parser.push('e"]}');
		expect(parser.value).toEqual({ edits: ["abc", "de"] });
	});

	it("shows objects and arrays as soon as they open, the same objects until the end", () => {
		const parser = new ToolArgumentsParser();
		parser.push('{"path":"a.ts","edits":[{"old":"ab');
		expect(parser.value).toEqual({ path: "a.ts", edits: [{ old: "ab" }] });
		const edits = parser.value.edits;
		parser.push('c","new":"x');
		expect(parser.value).toEqual({ path: "a.ts", edits: [{ old: "abc", new: "x" }] });
		parser.push('"},{');
		expect(parser.value).toEqual({ path: "a.ts", edits: [{ old: "abc", new: "x" }, {}] });
		parser.push('"old":"\\u00e');
		// An escape still incomplete is not shown.
		expect(parser.value).toEqual({ path: "a.ts", edits: [{ old: "abc", new: "x" }, { old: "" }] });
		parser.push('9","new":[1,{"k":[]}]}]}');
		expect(parser.value.edits).toBe(edits);
		expect(parser.value).toEqual({
			path: "a.ts",
			edits: [
				{ old: "abc", new: "x" },
				{ old: "é", new: [1, { k: [] }] },
			],
		});
	});

	it.each([
		["a misspelt literal", '{"a":1,"b":tru,"c":2}', { a: 1 }],
		["a number with a leading zero", '{"a":"x","n":01}', { a: "x" }],
		["a number that is only a sign", '{"a":"x","n":-}', { a: "x" }],
		["a closing bracket of the wrong kind", '{"a":[1,2},"b":3}', { a: [1, 2] }],
		["a key without quotes", '{"a":1,b:2}', { a: 1 }],
		["a missing colon", '{"a" 1}', {}],
	])("stops the live view at %s and reports the error at the end", (_name, text, live) => {
		for (const deltaLength of [1, 4, text.length]) {
			const parser = streamIn(text, deltaLength);
			expect(parser.value).toEqual(live);
			expect(parser.finish()).toEqual({ arguments: {}, error: { message: expect.any(String), raw: text } });
		}
	});

	it.each(SHAPES)("final arguments and live value equal JSON.parse for %s in 1-char deltas", (text) => {
		const parser = streamIn(text, 1);
		expect(parser.value).toEqual(JSON.parse(text));
		expect(parser.finish()).toEqual({ arguments: JSON.parse(text) });
	});

	it("final arguments and live value equal JSON.parse when the nested example is split at every boundary", () => {
		const expected = JSON.parse(NESTED);
		for (let i = 0; i <= NESTED.length; i++) {
			const parser = pushAll([NESTED.slice(0, i), NESTED.slice(i)]);
			expect(parser.value, `split at ${i}`).toEqual(expected);
			expect(parser.finish(), `split at ${i}`).toEqual({ arguments: expected });
		}
	});

	it("final arguments and live value equal JSON.parse for every pair of split points of the nested example", () => {
		const expected = JSON.parse(NESTED);
		for (let i = 0; i <= NESTED.length; i++) {
			for (let j = i; j <= NESTED.length; j++) {
				const parser = pushAll([NESTED.slice(0, i), NESTED.slice(i, j), NESTED.slice(j)]);
				expect(parser.value).toEqual(expected);
				expect(parser.finish().arguments).toEqual(expected);
			}
		}
	});

	it("parses a 256 KiB content argument streamed in 8-char deltas exactly", () => {
		const content = fileContent(256 * 1024);
		const text = JSON.stringify({ path: "big.ts", content, mode: "overwrite" });
		const parser = streamIn(text, 8);
		expect(parser.value.content === content).toBe(true);
		const result = parser.finish();
		expect(result.error).toBeUndefined();
		expect(result.arguments.content === content).toBe(true);
		expect(result.arguments).toEqual({ path: "big.ts", content, mode: "overwrite" });
	});

	it("does work linear in the input: 256 KiB costs 3x to 5x the work of 64 KiB (8-char deltas)", () => {
		const workFor = (size: number): number => {
			const parser = streamIn(JSON.stringify({ path: "f.ts", content: fileContent(size) }), 8);
			parser.finish();
			return parser.work;
		};
		const small = workFor(64 * 1024);
		const large = workFor(256 * 1024);
		expect(small).toBeGreaterThan(64 * 1024);
		expect(large / small).toBeGreaterThanOrEqual(3);
		expect(large / small).toBeLessThanOrEqual(5);
	});

	it("counts work per push proportional to the delta, not to the text received so far", () => {
		const text = JSON.stringify({ content: fileContent(32 * 1024) });
		const parser = new ToolArgumentsParser();
		let maxStep = 0;
		for (let i = 0; i < text.length; i += 8) {
			const before = parser.work;
			parser.push(text.slice(i, i + 8));
			maxStep = Math.max(maxStep, parser.work - before);
		}
		expect(maxStep).toBeLessThanOrEqual(64);
	});

	it.each([
		["no push", []],
		["an empty delta", [""]],
		["whitespace only", [" ", "\n\t ", "\r\n"]],
	])("gives {} with no error for %s", (_name, deltas) => {
		const parser = pushAll(deltas as string[]);
		expect(parser.value).toEqual({});
		expect(parser.finish()).toEqual({ arguments: {} });
	});

	it.each([
		["a raw newline", '{"content":"a\nb"}', { content: "a\nb" }],
		["a raw tab", '{"content":"a\tb"}', { content: "a\tb" }],
		["other raw control characters", '{"c":"\u0000\u001b[0m"}', { c: "\u0000\u001b[0m" }],
		["an invalid \\x escape", '{"re":"\\x41"}', { re: "\\x41" }],
		["an invalid \\' escape", '{"s":"it\\\'s"}', { s: "it\\'s" }],
		["a cut-off \\u escape", '{"s":"\\u12","t":1}', { s: "\\u12", t: 1 }],
	])("repairs %s inside a string and parses with no error", (_name, text, expected) => {
		const streamed = streamIn(text, 1);
		expect(streamed.finish()).toEqual({ arguments: expected });
		expect(parseToolArguments(text)).toEqual({ arguments: expected });
	});

	it("keeps the live value updating past raw newlines and invalid escapes", () => {
		const parser = new ToolArgumentsParser();
		parser.push('{"content":"line1\nline2 \\d');
		expect(parser.value).toEqual({ content: "line1\nline2 \\d" });
		parser.push('+","path":"x"}');
		expect(parser.value).toEqual({ content: "line1\nline2 \\d+", path: "x" });
		expect(parser.finish()).toEqual({ arguments: { content: "line1\nline2 \\d+", path: "x" } });
	});

	it.each([
		["a double comma", '{"a": 1,,}'],
		["a truncated string", '{"a": "b'],
		["a truncated object", '{"a": 1'],
		["trailing text after the object", '{"a": 1} extra'],
		["plain prose", "I will call the tool now"],
		["a raw newline plus truncation", '{"a": "x\ny'],
	])("returns {} and an error with the raw text for %s, never throwing", (_name, text) => {
		for (const deltaLength of [1, 3, text.length]) {
			const parser = streamIn(text, deltaLength);
			let result: ToolArgumentsResult | undefined;
			expect(() => {
				result = parser.finish();
			}).not.toThrow();
			expect(result?.arguments).toEqual({});
			expect(result?.error?.raw).toBe(text);
			expect(result?.error?.message).toMatch(/\S/);
		}
		const direct = parseToolArguments(text);
		expect(direct.arguments).toEqual({});
		expect(direct.error?.raw).toBe(text);
	});

	it("keeps the last good live value after the streaming parser fails", () => {
		const parser = new ToolArgumentsParser();
		parser.push('{"a": 1, "b": "x"');
		parser.push(",,");
		parser.push('"c": 3}');
		expect(parser.value).toEqual({ a: 1, b: "x" });
		expect(parser.finish().error?.raw).toBe('{"a": 1, "b": "x",,"c": 3}');
	});

	it.each([
		["an array", "[1, 2]", /array/],
		["a number", "42", /number/],
		["null", "null", /null/],
		["a string", '"text"', /string/],
	])("reports an error when the top-level value is %s", (_name, text, message) => {
		const parser = streamIn(text, 1);
		expect(parser.value).toEqual({});
		const result = parser.finish();
		expect(result.arguments).toEqual({});
		expect(result.error).toEqual({ message: expect.stringMatching(message), raw: text });
		expect(parseToolArguments(text).error?.raw).toBe(text);
	});

	it("returns the same result from repeated finish() calls and ignores pushes after finish()", () => {
		const parser = streamIn('{"a":1}', 2);
		const first = parser.finish();
		parser.push('{"b":2}');
		expect(parser.finish()).toBe(first);
		expect(first).toEqual({ arguments: { a: 1 } });
	});
});

describe("parseToolArguments", () => {
	it("parses whole argument strings exactly, like JSON.parse", () => {
		for (const text of SHAPES) expect(parseToolArguments(text)).toEqual({ arguments: JSON.parse(text) });
	});

	it("gives {} with no error for empty or whitespace-only text", () => {
		expect(parseToolArguments("")).toEqual({ arguments: {} });
		expect(parseToolArguments(" \n\t")).toEqual({ arguments: {} });
	});
});

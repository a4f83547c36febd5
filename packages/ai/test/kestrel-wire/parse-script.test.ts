import { describe, expect, it } from "vitest";
import {
	ConversationScriptError,
	parseConversationScript,
} from "../../src/testing/kestrel-wire/parse-script.js";

/** The problems `parseConversationScript` reports for `value`. */
function problems(value: unknown): readonly string[] {
	try {
		parseConversationScript(typeof value === "string" ? value : JSON.stringify(value), "script.json");
	} catch (error) {
		if (error instanceof ConversationScriptError) return error.problems;
		throw error;
	}
	throw new Error("the script was accepted");
}

describe("parseConversationScript", () => {
	it("accepts a full script and returns it", () => {
		const script = {
			api: "openai-responses",
			model: "scripted-1",
			replies: [
				{
					when: { turn: 1, userMatches: "^hi" },
					thinking: "hmm",
					text: "Hello",
					delayMs: 5,
					chunkDelayMs: 1,
				},
				{ when: { toolResultMatches: "ok" }, toolCalls: [{ name: "bash", arguments: { command: "ls" } }] },
				{ error: { status: 529, message: "Overloaded" } },
			],
			fallback: { text: "Nothing scripted." },
		};
		expect(parseConversationScript(JSON.stringify(script), "s.json")).toEqual(script);
	});

	it("names the JSON pointer of each problem and says what to write", () => {
		expect(
			problems({
				api: "openai",
				model: "wire/x",
				replies: [{ when: { turn: 0 }, text: "a", colour: "red" }, { toolCalls: [{ arguments: {} }] }],
				fallback: { when: { turn: 1 }, text: "f" },
			}),
		).toEqual([
			'"/api": must be one of "anthropic-messages", "openai-completions", "openai-responses", "google-generative-ai"',
			'"/model": must be a model id without "/" or spaces',
			'"/replies/0/colour": unknown key (this object takes when, thinking, text, toolCalls, error, delayMs, chunkDelayMs); remove it',
			'"/replies/0/when/turn": must be >= 1',
			'"/replies/1/toolCalls/0": missing "name"; add it',
			'"/fallback/when": the fallback answers whatever matched nothing; remove "when"',
		]);
	});

	it("reports a missing key at the top level and a script that is not an object", () => {
		expect(problems({ api: "anthropic-messages" })).toEqual(['"/": missing "replies"; add it']);
		expect(problems([])).toEqual(['"/": must be object']);
	});

	it("checks what the schema cannot: regular expressions, empty replies, errors with content", () => {
		expect(
			problems({
				api: "anthropic-messages",
				replies: [
					{ when: { userMatches: "(unclosed" }, text: "a" },
					{ when: {}, text: "b" },
					{ delayMs: 10 },
					{ text: "c", error: { status: 500, message: "boom" } },
				],
			}),
		).toEqual([
			expect.stringMatching(
				/^"\/replies\/0\/when\/userMatches": not a regular expression \(.*\); write it in JavaScript syntax/,
			),
			'"/replies/1/when": empty; give "turn", "userMatches" or "toolResultMatches", or remove it',
			'"/replies/2": says nothing; give it "text", "thinking", "toolCalls" or "error"',
			'"/replies/3": an error reply sends nothing else; remove "text" or "error"',
		]);
	});

	it("says a file that is not JSON is not JSON, with the file in the message", () => {
		expect(problems("{ api: ")).toEqual([expect.stringMatching(/^not JSON \(.+\); fix the syntax$/)]);
		expect(() => parseConversationScript("", "my-script.json")).toThrow(
			/Invalid conversation script my-script\.json/,
		);
	});
});

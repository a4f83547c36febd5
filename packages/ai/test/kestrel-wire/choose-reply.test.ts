import { describe, expect, it } from "vitest";
import { chooseReply } from "../../src/testing/kestrel-wire/choose-reply.js";
import type { RequestFacts } from "../../src/testing/kestrel-wire/request-facts.js";
import type { ConversationScript } from "../../src/testing/kestrel-wire/script-schema.js";

type Replies = Pick<ConversationScript, "replies" | "fallback">;

/** The `text` of the reply chosen for each request in turn, "-" where none was. */
function play(script: Replies, requests: Omit<RequestFacts, "turn">[]): string[] {
	const spent = new Set<number>();
	return requests.map((facts, index) => {
		const chosen = chooseReply(script, { turn: index + 1, ...facts }, spent);
		return chosen?.reply.text ?? "-";
	});
}

describe("chooseReply", () => {
	it("plays replies without `when` once each, in order, then the fallback", () => {
		const script: Replies = {
			replies: [{ text: "first" }, { text: "second" }],
			fallback: { text: "fallback" },
		};
		expect(play(script, [{ userText: "a" }, { userText: "b" }, { userText: "c" }, {}])).toEqual([
			"first",
			"second",
			"fallback",
			"fallback",
		]);
	});

	it("answers nothing once the replies are spent and there is no fallback", () => {
		expect(play({ replies: [{ text: "only" }] }, [{ userText: "a" }, { userText: "b" }])).toEqual([
			"only",
			"-",
		]);
	});

	it("matches `turn` against the model-request number and takes the first match", () => {
		const script: Replies = {
			replies: [
				{ when: { turn: 2 }, text: "turn two" },
				{ when: { turn: 2 }, text: "shadowed" },
				{ text: "in order" },
			],
			fallback: { text: "fallback" },
		};
		expect(play(script, [{ userText: "a" }, { userText: "b" }, { userText: "c" }])).toEqual([
			"in order",
			"turn two",
			"fallback",
		]);
	});

	it("matches `userMatches` on new user text only, so a tool loop does not repeat the reply", () => {
		const script: Replies = {
			replies: [
				{ when: { userMatches: "weather in \\w+" }, text: "calls the tool" },
				{ when: { toolResultMatches: "°C" }, text: "reads the result" },
			],
			fallback: { text: "fallback" },
		};
		expect(
			play(script, [
				{ userText: "What is the weather in Oslo?" },
				{ toolResultText: "12 °C, rain" },
				{ toolResultText: "no data" },
				{ userText: "Thanks" },
				{ userText: "And the weather in Bergen?" },
			]),
		).toEqual(["calls the tool", "reads the result", "fallback", "fallback", "calls the tool"]);
	});

	it("answers every request a reply with `when` matches, and needs every condition to hold", () => {
		const script: Replies = {
			replies: [
				{ when: { turn: 3, userMatches: "^again$" }, text: "both" },
				{ when: { userMatches: "again" }, text: "user" },
			],
		};
		expect(play(script, [{ userText: "again" }, { userText: "again" }, { userText: "again" }])).toEqual([
			"user",
			"user",
			"both",
		]);
	});

	it("says where the chosen reply came from", () => {
		const script: Replies = {
			replies: [{ when: { turn: 5 }, text: "later" }, { text: "now" }],
			fallback: { text: "f" },
		};
		const spent = new Set<number>();
		expect(chooseReply(script, { turn: 1 }, spent)).toMatchObject({ source: "replies", index: 1 });
		expect(chooseReply(script, { turn: 2 }, spent)).toMatchObject({ source: "fallback" });
		expect(spent).toEqual(new Set([1]));
	});
});

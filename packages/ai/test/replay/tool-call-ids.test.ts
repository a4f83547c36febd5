import { describe, expect, it } from "vitest";
import { stableDigest } from "../../src/replay/stable-digest.js";
import {
	ANTHROPIC_TOOL_CALL_IDS,
	CHAT_COMPLETIONS_TOOL_CALL_IDS,
	GOOGLE_TOOL_CALL_IDS,
	MISTRAL_TOOL_CALL_IDS,
	mapToolCallId,
	OPENAI_RESPONSES_TOOL_CALL_IDS,
	ToolCallIdAssigner,
	type ToolCallIdRule,
	toolCallIdRule,
} from "../../src/replay/tool-call-ids.js";
import { responsesId } from "./fixtures.js";

const TARGETS: [string, ToolCallIdRule, RegExp][] = [
	["Anthropic", ANTHROPIC_TOOL_CALL_IDS, /^[a-zA-Z0-9_-]{1,64}$/],
	["Chat Completions", CHAT_COMPLETIONS_TOOL_CALL_IDS, /^.{1,40}$/su],
	["a 9-alphanumeric server", MISTRAL_TOOL_CALL_IDS, /^[a-zA-Z0-9]{9}$/],
	["OpenAI Responses (foreign ids)", OPENAI_RESPONSES_TOOL_CALL_IDS, /^[a-zA-Z0-9_-]{1,64}$/],
	["Gemini", GOOGLE_TOOL_CALL_IDS, /^[a-zA-Z0-9_-]{1,64}$/],
];

describe.each(TARGETS)("tool-call ids for %s", (_name, rule, valid) => {
	it("maps a 400-character call_…|fc_… id to a valid id, the same one on every call", () => {
		const long = responsesId("abc");
		expect(long.length).toBeGreaterThan(400);
		const mapped = mapToolCallId(long, rule);
		expect(mapped).toMatch(valid);
		expect(rule.accepts(mapped)).toBe(true);
		expect(mapToolCallId(long, rule)).toBe(mapped);
		expect(mapToolCallId(`${long}`.slice(0), rule)).toBe(mapped);
	});

	it("maps two long ids that share a long prefix to different ids", () => {
		const first = `${responsesId("same")}1`;
		const second = `${responsesId("same")}2`;
		expect(mapToolCallId(first, rule)).not.toBe(mapToolCallId(second, rule));
	});

	it("maps odd ids (empty, non-ASCII, lookalikes) to distinct valid ids", () => {
		const ids = ["", "é", "call_1|fc_1", "call_1|fc_2", "call_1.fc_1", "call_1_fc_1", "functions.ls:0"];
		const mapped = ids.map((id) => mapToolCallId(id, rule));
		for (const id of mapped) expect(id).toMatch(valid);
		expect(new Set(mapped).size).toBe(ids.length);
	});
});

describe("tool-call id rules", () => {
	it("keeps ids the target accepts: Claude's toolu_ ids, OpenAI's call_ ids, Mistral's 9 characters", () => {
		expect(mapToolCallId("toolu_01A09q90qw90lq917835lq9", ANTHROPIC_TOOL_CALL_IDS)).toBe(
			"toolu_01A09q90qw90lq917835lq9",
		);
		expect(mapToolCallId("call_Bx6WqPn1Gz3vY8kR2mT4sJdL", CHAT_COMPLETIONS_TOOL_CALL_IDS)).toBe(
			"call_Bx6WqPn1Gz3vY8kR2mT4sJdL",
		);
		expect(mapToolCallId("functions.read_file:3", CHAT_COMPLETIONS_TOOL_CALL_IDS)).toBe(
			"functions.read_file:3",
		);
		expect(mapToolCallId("D681PevKs", MISTRAL_TOOL_CALL_IDS)).toBe("D681PevKs");
	});

	it("keeps a readable prefix of the original id where the length allows one", () => {
		expect(mapToolCallId(responsesId("abc"), ANTHROPIC_TOOL_CALL_IDS)).toMatch(/^call_abcAAAA/);
		expect(mapToolCallId(`call_abc|fc_${"1".repeat(40)}`, CHAT_COMPLETIONS_TOOL_CALL_IDS)).toMatch(
			/^call_abc_fc_1{15}_[0-9A-Za-z]{12}$/,
		);
	});

	it("rejects ids of the wrong length or characters", () => {
		expect(ANTHROPIC_TOOL_CALL_IDS.accepts("a|b")).toBe(false);
		expect(ANTHROPIC_TOOL_CALL_IDS.accepts("x".repeat(65))).toBe(false);
		expect(ANTHROPIC_TOOL_CALL_IDS.accepts("")).toBe(false);
		expect(CHAT_COMPLETIONS_TOOL_CALL_IDS.accepts("x".repeat(41))).toBe(false);
		expect(MISTRAL_TOOL_CALL_IDS.accepts("abcdefgh")).toBe(false);
		expect(MISTRAL_TOOL_CALL_IDS.accepts("abcdefgh_")).toBe(false);
	});

	it("fills an exact length longer than prefix plus digest", () => {
		const rule = toolCallIdRule({ charset: "alphanumeric", maxLength: 30, exactLength: true });
		const mapped = rule.derive("ab|cd", 0);
		expect(mapped).toMatch(/^[A-Za-z0-9]{30}$/);
		expect(mapped.startsWith("abcd")).toBe(true);
	});

	it("derives the same digest in every run (pinned, so a change to the hash is noticed)", () => {
		expect(stableDigest("call_abc|fc_def", 12)).toBe(stableDigest("call_abc|fc_def", 12));
		expect(stableDigest("call_abc|fc_def", 24).startsWith(stableDigest("call_abc|fc_def", 12))).toBe(true);
		expect(mapToolCallId("call_abc|fc_def", MISTRAL_TOOL_CALL_IDS)).toBe("u8vOQfvrf");
		expect(mapToolCallId("call_abc|fc_def", ANTHROPIC_TOOL_CALL_IDS)).toBe("call_abc_fc_def_u8vOQfvrfq1J");
	});
});

describe("ToolCallIdAssigner", () => {
	it("gives a repeated id in the same request a second, different valid id", () => {
		const assigner = new ToolCallIdAssigner(ANTHROPIC_TOOL_CALL_IDS);
		const first = assigner.assign("call_0", true);
		const second = assigner.assign("call_0", true);
		expect(first).toBe("call_0");
		expect(second).not.toBe(first);
		expect(second).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
	});

	it("resolves a digest collision deterministically: the first id keeps its value", () => {
		// A rule whose first choice is always the same value forces a collision.
		const colliding: ToolCallIdRule = {
			accepts: () => false,
			derive: (id, attempt) => (attempt === 0 ? "same" : `${id}-${attempt}`),
		};
		const run = () => {
			const assigner = new ToolCallIdAssigner(colliding);
			return [assigner.assign("a", false), assigner.assign("b", false), assigner.assign("c", false)];
		};
		expect(run()).toEqual(["same", "b-1", "c-1"]);
		expect(run()).toEqual(run());
	});

	it("keeps the Responses model's own call_id|item_id ids whole but maps foreign ones", () => {
		const id = responsesId("own");
		const assigner = new ToolCallIdAssigner(OPENAI_RESPONSES_TOOL_CALL_IDS);
		expect(assigner.assign(id, true)).toBe(id);
		expect(assigner.assign(responsesId("other"), false)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
	});

	it("maps the target's own ids too when they do not fit (Anthropic keeps no exceptions)", () => {
		const assigner = new ToolCallIdAssigner(ANTHROPIC_TOOL_CALL_IDS);
		expect(assigner.assign("call_1|fc_1", true)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
	});
});

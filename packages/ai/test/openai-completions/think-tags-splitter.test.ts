import { describe, expect, it } from "vitest";
import {
	type ContentPiece,
	ThinkTagSplitter,
	type ThinkTagsMode,
} from "../../src/providers/openai-completions/think-tags.js";

/** Feeds `deltas` and returns the pieces with neighbours of one kind joined, as the assembler sees them. */
function split(mode: ThinkTagsMode, deltas: readonly string[]): ContentPiece[] {
	const splitter = new ThinkTagSplitter(mode);
	const pieces = [...deltas.flatMap((delta) => splitter.push(delta)), ...splitter.end()];
	const joined: ContentPiece[] = [];
	for (const piece of pieces) {
		const last = joined.at(-1);
		if (last?.kind === piece.kind) last.text += piece.text;
		else joined.push({ ...piece });
	}
	return joined;
}

const thinking = (text: string): ContentPiece => ({ kind: "thinking", text });
const text = (value: string): ContentPiece => ({ kind: "text", text: value });

describe("ThinkTagSplitter, leading mode", () => {
	it("turns a leading <think> block into reasoning and the rest into text, without the line breaks around the tags", () => {
		expect(split("leading", ["<think>\nPlan: add 2 and 2.\n</think>\n\nThe answer is 4."])).toEqual([
			thinking("Plan: add 2 and 2."),
			text("The answer is 4."),
		]);
	});

	it("accepts whitespace before the opening tag", () => {
		expect(split("leading", ["\n \n<think>x</think>y"])).toEqual([thinking("x"), text("y")]);
	});

	it("keeps content that does not start with <think> as text, tags and all", () => {
		const content = "Sure. <think>not reasoning</think> done";
		expect(split("leading", [content])).toEqual([text(content)]);
		expect(split("leading", ["\n<thinking>x</thinking>"])).toEqual([text("\n<thinking>x</thinking>")]);
	});

	it("counts only the first block: a later <think> is text", () => {
		expect(split("leading", ["<think>a</think>b <think>c</think>"])).toEqual([
			thinking("a"),
			text("b <think>c</think>"),
		]);
	});

	it("ends an unclosed block as reasoning, a cut-off closing tag included", () => {
		expect(split("leading", ["<think>still thinking"])).toEqual([thinking("still thinking")]);
		expect(split("leading", ["<think>still </thi"])).toEqual([thinking("still </thi")]);
	});

	it("gives content without a block exactly what it would be without the flag", () => {
		expect(split("leading", ["Hello"])).toEqual([text("Hello")]);
		expect(split("leading", ["\n\n"])).toEqual([text("\n\n")]);
		expect(split("leading", ["<th"])).toEqual([text("<th")]);
		expect(split("leading", [])).toEqual([]);
	});

	it("drops an empty block (a model told not to think) and keeps only the answer", () => {
		expect(split("leading", ["<think>\n\n</think>\n\nHi!"])).toEqual([text("Hi!")]);
	});

	it("keeps text inside the reasoning that only looks like a closing tag", () => {
		expect(split("leading", ["<think>a </thought> b</think>c"])).toEqual([
			thinking("a </thought> b"),
			text("c"),
		]);
	});

	it("emits reasoning as it arrives and holds back only whitespace that may precede </think>", () => {
		const splitter = new ThinkTagSplitter("leading");
		expect(splitter.push("<thi")).toEqual([]);
		expect(splitter.push("nk>\nabc \n")).toEqual([thinking("abc")]);
		expect(splitter.push("def</")).toEqual([thinking(" \ndef")]);
		expect(splitter.push("think>\n")).toEqual([]);
		expect(splitter.push("\nAnswer")).toEqual([text("Answer")]);
		expect(splitter.end()).toEqual([]);
		expect(splitter.push(" more")).toEqual([text(" more")]);
	});
});

describe("ThinkTagSplitter, prefilled mode", () => {
	it("reads the content as reasoning up to the first </think>", () => {
		expect(split("prefilled", ["Plan.\n</think>\n\nAnswer"])).toEqual([thinking("Plan."), text("Answer")]);
	});

	it("also accepts an explicit <think> at the start", () => {
		expect(split("prefilled", ["\n<think>\nPlan.</think>Answer"])).toEqual([
			thinking("Plan."),
			text("Answer"),
		]);
	});

	it("treats content without </think> as reasoning only", () => {
		expect(split("prefilled", ["\nAll of this is reasoning."])).toEqual([
			thinking("All of this is reasoning."),
		]);
	});

	it("keeps only the answer when the reasoning is empty", () => {
		expect(split("prefilled", ["</think>\n\nAnswer"])).toEqual([text("Answer")]);
	});
});

describe("ThinkTagSplitter, delta boundaries", () => {
	const samples: [ThinkTagsMode, string][] = [
		["leading", " \n<think>\nPlan 😀: a’b </th> c\n \n</think>\n\nThe answer 😀 is <think>4</think>.\n"],
		["leading", "\n<thinx>no block</think>"],
		["prefilled", "<think> Plan 😀 \n</think> \nAnswer"],
		["prefilled", "Plan without end \n"],
	];

	it.each(samples)("gives the same result for every split into three deltas (%s)", (mode, content) => {
		const expected = split(mode, [content]);
		for (let first = 0; first <= content.length; first++) {
			for (let second = first; second <= content.length; second++) {
				const deltas = [content.slice(0, first), content.slice(first, second), content.slice(second)];
				expect(split(mode, deltas), `split at ${first}, ${second}`).toEqual(expected);
			}
		}
		expect(split(mode, [...content])).toEqual(expected);
	});

	it("gives the same result for 256 KB of content in one-character deltas as in one delta", () => {
		const reasoning = `${"step ’😀 </thin \n".repeat(4096)}${" ".repeat(50_000)}`;
		const answer = "answer <think> ".repeat(8192);
		const content = `<think>${reasoning}</think>\n${answer}`;
		const whole = split("leading", [content]);
		expect(whole).toEqual([thinking(reasoning.trimEnd()), text(answer)]);
		expect(split("leading", content.match(/[\s\S]/gu) ?? [])).toEqual(whole);
	});
});

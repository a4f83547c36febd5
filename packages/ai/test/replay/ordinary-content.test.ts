import { describe, expect, it } from "vitest";
import { prepareReplay } from "../../src/replay/prepare-replay.js";
import {
	hasLoneSurrogate,
	removeLoneSurrogates,
	removeLoneSurrogatesDeep,
} from "../../src/replay/surrogates.js";
import { ANTHROPIC_MESSAGES_REPLAY, openAICompletionsReplay } from "../../src/replay/target-rules.js";
import type { ImageContent } from "../../src/types.js";
import { claude, frozen, gpt, result, targetModel, turn, user } from "./fixtures.js";

const image: ImageContent = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
const textOnly = targetModel("openai-completions", "deepseek", "deepseek-chat", { input: ["text"] });

describe("images for text-only models", () => {
	it("replaces images in user messages and tool results with a note naming the type and the model", () => {
		const history = frozen([
			user([{ type: "text", text: "see" }, image]),
			turn(textOnly, [{ type: "toolCall", id: "call_1", name: "shot", arguments: {} }]),
			{ ...result("call_1", "taken"), content: [{ type: "text" as const, text: "taken" }, image] },
		]);
		const note = {
			type: "text",
			text: "(an image of type image/png was omitted: deepseek-chat reads text only)",
		};
		const replayed = prepareReplay(history, textOnly, openAICompletionsReplay("default"));
		expect(replayed[0]).toMatchObject({ content: [{ type: "text", text: "see" }, note] });
		expect(replayed[2]).toMatchObject({ content: [{ type: "text", text: "taken" }, note] });
	});

	it("keeps images, as the same objects, for models that read them", () => {
		const replayed = prepareReplay(frozen([user([image])]), gpt, openAICompletionsReplay("default"));
		const content = replayed[0]?.content as ImageContent[];
		expect(content).toEqual([image]);
		expect(content[0]).toBe(image);
	});
});

describe("unpaired surrogates", () => {
	it("removes lone high and low surrogates and keeps pairs", () => {
		expect(removeLoneSurrogates("a\uD83D")).toBe("a");
		expect(removeLoneSurrogates("\uDE00b")).toBe("b");
		expect(removeLoneSurrogates("\uDE00\uD83D")).toBe("");
		expect(removeLoneSurrogates("ok 🦅 it’s \uD83D\uDE00")).toBe("ok 🦅 it’s 😀");
		expect(hasLoneSurrogate("🦅")).toBe(false);
		expect(hasLoneSurrogate("\uD83D")).toBe(true);
		expect(removeLoneSurrogatesDeep({ "k\uD800": ["v\uDC00", 1, null, { x: "🦅\uD83D" }] })).toEqual({
			k: ["v", 1, null, { x: "🦅" }],
		});
	});

	it("removes them from user text, assistant text, unsigned tool arguments and tool results", () => {
		const history = frozen([
			user("question \uD83D"),
			user([{ type: "text", text: "more \uDC00" }]),
			turn(gpt, [
				{ type: "text", text: "answer 🦅 \uD83D" },
				{ type: "toolCall", id: "call_1", name: "write", arguments: { text: "x\uD83D" } },
			]),
			result("call_1", "out \uDBFF"),
		]);
		const replayed = prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY);
		const strings: string[] = [];
		JSON.stringify(replayed, (_key, value) => {
			if (typeof value === "string") strings.push(value);
			return value;
		});
		expect(strings.filter(hasLoneSurrogate)).toEqual([]);
		expect(replayed[2]).toMatchObject({ content: [{ text: "answer 🦅 " }, { arguments: { text: "x" } }] });
	});

	it("keeps them in the target's own signed thinking", () => {
		const signed = { type: "thinking" as const, thinking: "it’s \uD83D", thinkingSignature: "EqQB" };
		const replayed = prepareReplay(
			frozen([user("go"), turn(claude, [signed])]),
			claude,
			ANTHROPIC_MESSAGES_REPLAY,
		);
		expect(replayed[1]).toMatchObject({ content: [{ thinking: "it’s \uD83D", thinkingSignature: "EqQB" }] });
	});
});

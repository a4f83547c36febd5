import { describe, expect, it } from "vitest";
import { prepareReplay } from "../../src/replay/prepare-replay.js";
import { ANTHROPIC_MESSAGES_REPLAY, openAICompletionsReplay } from "../../src/replay/target-rules.js";
import type { Message, ToolCall, ToolResultMessage } from "../../src/types.js";
import { claude, codex, frozen, gpt, responsesId, result, turn, user } from "./fixtures.js";

const call = (id: string, name = "ls"): ToolCall => ({ type: "toolCall", id, name, arguments: {} });

/** A compact view: role plus the ids that pair calls and results. */
function shape(messages: Message[]): string[] {
	return messages.map((message) => {
		if (message.role === "toolResult") return `result:${message.toolCallId}${message.isError ? "!" : ""}`;
		if (message.role === "user") return "user";
		const ids = message.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : []));
		return ids.length ? `assistant:${ids.join(",")}` : "assistant";
	});
}

describe("skipped turns", () => {
	it("skips errored and aborted assistant turns together with the results that answer their calls", () => {
		const history = frozen([
			user("go"),
			turn(gpt, [call("call_bad")], { stopReason: "error", errorMessage: "500" }),
			result("call_bad", "ran anyway"),
			turn(gpt, [{ type: "text", text: "half" }, call("call_cut")], { stopReason: "aborted" }),
			result("call_cut", "aborted"),
			user("again"),
		]);
		expect(shape(prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY))).toEqual(["user", "user"]);
	});
});

describe("every tool call answered", () => {
	it("inserts a synthetic error result right after the turn's real results, before the next user turn", () => {
		const history = frozen([
			user("go"),
			turn(claude, [call("toolu_1"), call("toolu_2", "read"), call("toolu_3")]),
			result("toolu_2", "file"),
			user("stop that"),
		]);
		const replayed = prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY);
		expect(shape(replayed)).toEqual([
			"user",
			"assistant:toolu_1,toolu_2,toolu_3",
			"result:toolu_2",
			"result:toolu_1!",
			"result:toolu_3!",
			"user",
		]);
		const synthetic = replayed[3] as ToolResultMessage;
		expect(synthetic).toEqual({
			role: "toolResult",
			toolCallId: "toolu_1",
			toolName: "ls",
			content: [{ type: "text", text: "The ls tool call got no result: the turn ended before it ran." }],
			isError: true,
			timestamp: 20,
		});
	});

	it("answers calls left open at the end of the history and before a skipped (aborted) retry", () => {
		const atEnd = prepareReplay(
			[user("go"), turn(gpt, [call("call_a")])],
			gpt,
			openAICompletionsReplay("default"),
		);
		expect(shape(atEnd)).toEqual(["user", "assistant:call_a", "result:call_a!"]);
		const beforeAbort = prepareReplay(
			[
				user("go"),
				turn(gpt, [call("call_a")]),
				turn(gpt, [call("call_b")], { stopReason: "aborted" }),
				result("call_b", "x"),
			],
			gpt,
			openAICompletionsReplay("default"),
		);
		expect(shape(beforeAbort)).toEqual(["user", "assistant:call_a", "result:call_a!"]);
	});

	it("leaves out results that answer no open call: strays, duplicates, late ones", () => {
		const history = frozen([
			user("go"),
			result("call_stray", "?"),
			turn(gpt, [call("call_a")]),
			result("call_a", "first"),
			result("call_a", "again"),
			user("next"),
			result("call_a", "late"),
		]);
		const replayed = prepareReplay(history, gpt, openAICompletionsReplay("default"));
		expect(shape(replayed)).toEqual(["user", "assistant:call_a", "result:call_a", "user"]);
		expect((replayed[2] as ToolResultMessage).content).toEqual([{ type: "text", text: "first" }]);
	});

	it("pairs results with calls that repeat an id across turns, each with its own target id", () => {
		const history = frozen([
			user("go"),
			turn(gpt, [call("call_0")]),
			result("call_0", "one"),
			turn(gpt, [call("call_0")]),
			result("call_0", "two"),
		]);
		const replayed = prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY);
		const [, first, firstResult, second, secondResult] = shape(replayed);
		expect(first).toBe("assistant:call_0");
		expect(firstResult).toBe("result:call_0");
		expect(second).not.toBe("assistant:call_0");
		expect(secondResult).toBe(`result:${second?.slice("assistant:".length)}`);
	});
});

describe("ids across turns", () => {
	it("maps a call and its result the same way, and the same in the next request", () => {
		const id = responsesId("xyz");
		const history: Message[] = [user("go"), turn(codex, [call(id)]), result(id, "done")];
		const first = shape(prepareReplay(frozen(history), claude, ANTHROPIC_MESSAGES_REPLAY));
		const mapped = first[1]?.slice("assistant:".length);
		expect(mapped).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(first[2]).toBe(`result:${mapped}`);
		const later = [...history, turn(claude, [{ type: "text", text: "ok" }]), user("more")];
		expect(shape(prepareReplay(frozen(later), claude, ANTHROPIC_MESSAGES_REPLAY)).slice(0, 3)).toEqual(first);
	});

	it("gives two calls of one turn that map to the same value distinct ids (Mistral's 9 characters)", () => {
		const ids = Array.from({ length: 50 }, (_, index) => responsesId(`same${index}`));
		const history: Message[] = [
			user("go"),
			turn(
				codex,
				ids.map((id) => call(id)),
			),
			...ids.map((id) => result(id, "r")),
		];
		const replayed = prepareReplay(frozen(history), gpt, openAICompletionsReplay("mistral"));
		const callIds = (replayed[1]?.role === "assistant" ? replayed[1].content : []).map((block) =>
			block.type === "toolCall" ? block.id : "",
		);
		for (const id of callIds) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
		expect(new Set(callIds).size).toBe(50);
		const resultIds = replayed
			.slice(2)
			.map((message) => (message.role === "toolResult" ? message.toolCallId : ""));
		expect(resultIds).toEqual(callIds);
	});
});

describe("purity", () => {
	it("returns new messages and never changes the input", () => {
		const history = frozen([
			user("go \uD800"),
			turn(gpt, [call("call_a|b".repeat(10))]),
			result("call_a", "x"),
		]);
		const before = JSON.stringify(history);
		const replayed = prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY);
		expect(JSON.stringify(history)).toBe(before);
		expect(replayed[0]).not.toBe(history[0]);
		expect(prepareReplay(history, claude, ANTHROPIC_MESSAGES_REPLAY)).toEqual(replayed);
	});
});

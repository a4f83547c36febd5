import { describe, expect, it } from "vitest";
import { MessageAssembler } from "../../src/assembler.js";
import { AssistantEventStream } from "../../src/event-stream.js";
import type { AssistantMessageEvent, Model } from "../../src/types.js";

const model: Model = {
	id: "m",
	name: "M",
	api: "test-api",
	provider: "test",
	baseUrl: "http://127.0.0.1",
	reasoning: false,
	input: ["text"],
	cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
	contextWindow: 1000,
	maxTokens: 100,
};

function setup() {
	const stream = new AssistantEventStream(model);
	const events: AssistantMessageEvent[] = [];
	const consumed = (async () => {
		for await (const event of stream) events.push(structuredClone(event));
	})();
	return { stream, assembler: new MessageAssembler(model, stream), events, consumed };
}

describe("MessageAssembler", () => {
	it("numbers blocks by position in content and emits start/delta/end for each", async () => {
		const { assembler, events, consumed } = setup();
		assembler.beginThinking(0);
		assembler.appendThinking(0, "hmm");
		assembler.appendThinkingSignature(0, "sig-");
		assembler.appendThinkingSignature(0, "part2");
		assembler.endBlock(0);
		assembler.beginText(1);
		assembler.appendText(1, "Hi");
		assembler.endBlock(1);
		assembler.beginToolCall(2, { id: "call_1", name: "read" });
		assembler.appendToolArguments(2, '{"path":');
		assembler.appendToolArguments(2, '"a.ts"}');
		assembler.endBlock(2);
		assembler.setStopReason("toolUse", "tool_use");
		assembler.finish();
		await consumed;
		expect(events.map((event) => [event.type, "contentIndex" in event ? event.contentIndex : null])).toEqual([
			["start", null],
			["thinking_start", 0],
			["thinking_delta", 0],
			["thinking_end", 0],
			["text_start", 1],
			["text_delta", 1],
			["text_end", 1],
			["toolcall_start", 2],
			["toolcall_delta", 2],
			["toolcall_delta", 2],
			["toolcall_end", 2],
			["done", null],
		]);
		const done = events.at(-1);
		expect(done?.type === "done" && done.message.content).toEqual([
			{ type: "thinking", thinking: "hmm", thinkingSignature: "sig-part2" },
			{ type: "text", text: "Hi" },
			{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a.ts" } },
		]);
	});

	it("keeps partial tool arguments current after every delta", () => {
		const { assembler } = setup();
		assembler.beginToolCall("t", { id: "c", name: "write" });
		assembler.appendToolArguments("t", '{"path":"x.ts","content":"ab');
		expect(assembler.message.content[0]).toMatchObject({ arguments: { path: "x.ts", content: "ab" } });
		assembler.appendToolArguments("t", 'cd"}');
		expect(assembler.message.content[0]).toMatchObject({ arguments: { path: "x.ts", content: "abcd" } });
	});

	it("marks unparseable arguments instead of failing the message", async () => {
		const { assembler, stream } = setup();
		assembler.beginToolCall(0, { id: "c", name: "write" });
		assembler.appendToolArguments(0, '{"path": "x", oops}');
		assembler.finish();
		const message = await stream.result();
		expect(message.stopReason).toBe("toolUse");
		expect(message.content[0]).toMatchObject({
			type: "toolCall",
			arguments: {},
			argumentsError: { raw: '{"path": "x", oops}' },
		});
	});

	it("gives {} for a tool call with no argument text and leaves no scratch fields", async () => {
		const { assembler, stream } = setup();
		assembler.beginToolCall(0, { id: "c", name: "now" });
		assembler.finish();
		const message = await stream.result();
		expect(message.content).toEqual([{ type: "toolCall", id: "c", name: "now", arguments: {} }]);
	});

	it("prices usage with the model's rates and totals the tokens", async () => {
		const { assembler, stream } = setup();
		assembler.setUsage({ input: 1_000_000, cacheRead: 2_000_000 });
		assembler.setUsage({ output: 100_000, cacheWrite: 0 });
		assembler.finish();
		const { usage } = await stream.result();
		expect(usage.totalTokens).toBe(3_100_000);
		expect(usage.cost.input).toBeCloseTo(3);
		expect(usage.cost.cacheRead).toBeCloseTo(0.6);
		expect(usage.cost.output).toBeCloseTo(1.5);
		expect(usage.cost.total).toBeCloseTo(5.1);
	});

	it("turns stop into toolUse when the message holds tool calls", async () => {
		const { assembler, stream } = setup();
		assembler.beginToolCall(0, { id: "c", name: "ls" });
		assembler.setStopReason("stop", "stop");
		assembler.finish();
		const message = await stream.result();
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("stop");
	});

	it("fail() keeps the content that arrived and emits exactly one error event", async () => {
		const { assembler, events, consumed } = setup();
		assembler.beginText(0);
		assembler.appendText(0, "partial answer");
		assembler.beginToolCall(1, { id: "c", name: "write" });
		assembler.appendToolArguments(1, '{"path":"a.ts","content":"unfinis');
		assembler.fail("boom", { kind: "network" });
		assembler.finish();
		await consumed;
		expect(events.filter((event) => event.type === "done" || event.type === "error")).toHaveLength(1);
		const last = events.at(-1);
		expect(last?.type).toBe("error");
		if (last?.type !== "error") return;
		expect(last.reason).toBe("error");
		expect(last.message.errorMessage).toBe("boom");
		expect(last.message.content).toEqual([
			{ type: "text", text: "partial answer" },
			{ type: "toolCall", id: "c", name: "write", arguments: { path: "a.ts", content: "unfinis" } },
		]);
	});

	it("fail() with kind aborted ends with reason aborted", async () => {
		const { assembler, stream } = setup();
		assembler.fail("stopped", { kind: "aborted" });
		const message = await stream.result();
		expect(message.stopReason).toBe("aborted");
	});

	it("rejects a second block with a key that is still open (a provider bug)", () => {
		const { assembler } = setup();
		assembler.beginText("k");
		expect(() => assembler.beginText("k")).toThrow(/already open/);
	});
});

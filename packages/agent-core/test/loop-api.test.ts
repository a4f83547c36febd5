import { registerProvider, unregisterProviders } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import {
	type AgentMessage,
	type AgentToolResult,
	agentLoop,
	agentLoopContinue,
	runAgentLoop,
	runAgentLoopContinue,
} from "../src/index.js";
import {
	collect,
	context,
	createHarness,
	labels,
	lastAgentEnd,
	runToEnd,
	scripted,
	textResult,
	tool,
	user,
} from "./helpers.js";

describe("agentLoop", () => {
	it("returns its stream at once; result() gives the messages of agent_end", async () => {
		const harness = scripted({ content: [fauxText("hi")] });
		const stream = agentLoop([user("hello")], context(), harness.config(), undefined, harness.streamFn);
		expect(harness.faux.requests).toHaveLength(0);
		const { events, messages } = await collect(stream);
		expect(messages).toBe(lastAgentEnd(events).messages);
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("never mutates the caller's context or the array a prepareNextTurn hook returns", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("done")] },
		);
		const history: AgentMessage[] = [user("earlier")];
		const replacement: AgentMessage[] = [user("compacted")];
		await runToEnd(harness, [user("go")], context(history, [tool("work", async () => textResult("ok"))]), {
			prepareNextTurn: () => ({ context: { messages: replacement } }),
		});
		expect(history).toHaveLength(1);
		expect(replacement).toHaveLength(1);
	});

	it("uses stream from @kestrel/ai when no streamFn is given", async () => {
		const faux = createFauxProvider({ api: "agent-core-default-stream-test" });
		registerProvider(faux.provider, "agent-core-test");
		try {
			faux.enqueue({ content: [fauxText("through the default registry")] });
			const { messages } = await collect(agentLoop([user("hi")], context(), { model: faux.model() }));
			expect(messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
			expect(faux.requests).toHaveLength(1);
		} finally {
			unregisterProviders("agent-core-test");
		}
	});
});

describe("agentLoopContinue", () => {
	it("refuses an empty context and an assistant-final one at once, with a clear error", async () => {
		const harness = createHarness();
		expect(() => agentLoopContinue(context(), harness.config())).toThrow(/no messages/);
		harness.faux.enqueue({ content: [fauxText("hi")] });
		const { messages } = await runToEnd(harness, [user("hello")], context());
		expect(() => agentLoopContinue(context(messages), harness.config())).toThrow(
			/last message is an assistant message/,
		);
		await expect(runAgentLoopContinue(context(messages), harness.config(), () => {})).rejects.toThrow(
			/last message is an assistant message/,
		);
	});

	it("resumes from a user message: no prompt events, only the new messages in the result", async () => {
		const harness = scripted({ content: [fauxText("resumed")] });
		const { events, messages } = await collect(
			agentLoopContinue(context([user("pending question")]), harness.config(), undefined, harness.streamFn),
		);
		expect(labels(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(messages.map((message) => message.role)).toEqual(["assistant"]);
	});

	it("resumes from tool results", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("after tools")] },
		);
		const work = tool("work", async () => textResult("ok"));
		const first = await harness.run([work], {
			shouldStopAfterTurn: () => true,
		});
		expect(first.messages.at(-1)?.role).toBe("toolResult");
		const resumed = await collect(
			agentLoopContinue(context(first.messages, [work]), harness.config(), undefined, harness.streamFn),
		);
		expect(resumed.messages.map((message) => message.role)).toEqual(["assistant"]);
		expect(harness.faux.requests[1]?.context.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
		]);
	});
});

describe("runAgentLoop with a failing sink", () => {
	it("rejects with the sink's error, aborts running tools, and calls the sink no more", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("slow", {}, "call_1")] },
			{ content: [fauxText("never")] },
		);
		let toolSignal: AbortSignal | undefined;
		const slow = tool("slow", (_args, signal, onUpdate) => {
			toolSignal = signal;
			onUpdate(textResult("working"));
			return new Promise<AgentToolResult>((resolve) => {
				if (signal.aborted) resolve(textResult("stopped"));
				signal.addEventListener("abort", () => resolve(textResult("stopped")), { once: true });
			});
		});
		const seen: string[] = [];
		const run = runAgentLoop(
			[user("go")],
			context([], [slow]),
			harness.config(),
			(event) => {
				seen.push(event.type);
				if (event.type === "tool_execution_update") throw new Error("listener broke");
			},
			undefined,
			harness.streamFn,
		);
		await expect(run).rejects.toThrow("listener broke");
		expect(toolSignal?.aborted).toBe(true);
		expect(seen.at(-1)).toBe("tool_execution_update");
		expect(harness.faux.requests).toHaveLength(1);
	});
});

import type { Message } from "@kestrel/ai";
import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AgentToolResult, ToolCallHookContext } from "../src/index.js";
import {
	context,
	createHarness,
	ofType,
	runToEnd,
	scripted,
	textOf,
	textResult,
	tool,
	user,
} from "./helpers.js";

describe("transformContext", () => {
	it("changes what the model sees, not the transcript", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		const history: AgentMessage[] = [user("old 1"), user("old 2")];
		let receivedSignal: AbortSignal | undefined;
		const { messages } = await runToEnd(harness, [user("new")], context(history), {
			transformContext: (all, signal) => {
				receivedSignal = signal;
				return all.slice(-1);
			},
		});
		expect(harness.faux.requests[0]?.context.messages.map(textOf)).toEqual(["new"]);
		expect(receivedSignal).toBeInstanceOf(AbortSignal);
		expect(messages.map(textOf)).toEqual(["new", "ok"]);
	});
});

describe("convertToLlm", () => {
	it("receives agent messages (custom kinds included) and decides what the provider gets", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		const note = { role: "note", text: "remember the milk", timestamp: 1 } as unknown as AgentMessage;
		await runToEnd(harness, [note, user("what should I buy?")], context(), {
			convertToLlm: (messages) =>
				messages.map((message): Message => {
					const maybeNote = message as unknown as { role: string; text: string };
					return maybeNote.role === "note"
						? { role: "user", content: `(note) ${maybeNote.text}`, timestamp: 1 }
						: (message as Message);
				}),
		});
		expect(harness.faux.requests[0]?.context.messages.map(textOf)).toEqual([
			"(note) remember the milk",
			"what should I buy?",
		]);
	});

	it("defaults to keeping provider messages and dropping custom kinds", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		const note = { role: "note", text: "ui only", timestamp: 1 } as unknown as AgentMessage;
		const { events } = await runToEnd(harness, [note, user("hi")], context());
		expect(harness.faux.requests[0]?.context.messages.map((message) => message.role)).toEqual(["user"]);
		expect(ofType(events, "message_end").map((event) => (event.message as { role: string }).role)).toEqual([
			"note",
			"user",
			"assistant",
		]);
	});
});

describe("getApiKey", () => {
	it("is asked before every model call with the provider, and its key wins over streamOptions.apiKey", async () => {
		const harness = scripted({ content: [fauxToolCall("a", {}, "call_1")] }, { content: [fauxText("done")] });
		const asked: string[] = [];
		await harness.run([tool("a", async () => textResult("A"))], {
			streamOptions: { apiKey: "static-key", temperature: 0.2 },
			getApiKey: (provider) => {
				asked.push(provider);
				return `token-${asked.length}`;
			},
		});
		expect(asked).toEqual(["faux", "faux"]);
		expect(harness.faux.requests.map((request) => request.options.apiKey)).toEqual(["token-1", "token-2"]);
		expect(harness.faux.requests[0]?.options.temperature).toBe(0.2);
	});

	it("falls back to streamOptions.apiKey when it answers nothing", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		await harness.run([], {
			streamOptions: { apiKey: "static-key" },
			getApiKey: () => undefined,
		});
		expect(harness.faux.requests[0]?.options.apiKey).toBe("static-key");
	});
});

describe("request assembly", () => {
	it("sends the system prompt, the tools, the thinking level and the run's signal", async () => {
		const harness = scripted({ content: [fauxText("ok")] });
		const echo = tool("echo", async () => textResult("x"));
		await runToEnd(harness, [user("go")], context([], [echo], "Be brief."), { thinkingLevel: "high" });
		const request = harness.faux.requests[0];
		expect(request?.context.systemPrompt).toBe("Be brief.");
		expect(request?.context.tools?.map((entry) => entry.name)).toEqual(["echo"]);
		expect(request?.options.reasoning).toBe("high");
		expect(request?.options.signal).toBeInstanceOf(AbortSignal);
	});
});

describe("beforeToolCall", () => {
	it("sees validated arguments and the context, and blocks a call with a reason the model reads", async () => {
		const harness = createHarness();
		const executed: string[] = [];
		const shell = tool(
			"shell",
			async (args) => {
				executed.push(String(args.command));
				return textResult("ran");
			},
			{ parameters: Type.Object({ command: Type.String(), timeout: Type.Number() }) },
		);
		harness.faux.enqueue(
			{
				content: [
					fauxToolCall("shell", { command: "ls", timeout: "5" }, "call_ok"),
					fauxToolCall("shell", { command: "rm -rf /", timeout: 5 }, "call_blocked"),
				],
			},
			{ content: [fauxText("done")] },
		);
		const seen: ToolCallHookContext[] = [];
		const assistantIsLast: boolean[] = [];
		const { events } = await harness.run([shell], {
			beforeToolCall: (hook) => {
				seen.push(hook);
				assistantIsLast.push(hook.context.messages.at(-1) === hook.assistantMessage);
				const command = (hook.args as { command: string }).command;
				return command.startsWith("rm")
					? { block: true, reason: "Destructive commands need approval." }
					: undefined;
			},
		});
		expect(executed).toEqual(["ls"]);
		expect(seen[0]?.args).toEqual({ command: "ls", timeout: 5 });
		expect(seen[0]?.toolCall.arguments).toEqual({ command: "ls", timeout: "5" });
		expect(seen[0]?.assistantMessage.content).toHaveLength(2);
		expect(assistantIsLast).toEqual([true, true]);
		const blocked = ofType(events, "tool_execution_end").find((event) => event.toolCallId === "call_blocked");
		expect(blocked?.isError).toBe(true);
		expect(blocked?.result.content).toEqual([{ type: "text", text: "Destructive commands need approval." }]);
	});
});

describe("afterToolCall", () => {
	it("overrides content, details, isError and terminate field by field, without a deep merge", async () => {
		const harness = createHarness();
		const reader = tool("read", async () => ({
			content: [{ type: "text", text: "secret=hunter2" }],
			details: { path: "a.txt", lines: 1 },
		}));
		harness.faux.enqueue({ content: [fauxToolCall("read", {}, "call_1")] }, { content: [fauxText("done")] });
		let seenResult: AgentToolResult | undefined;
		const { events } = await harness.run([reader], {
			afterToolCall: ({ result, isError }) => {
				seenResult = result;
				expect(isError).toBe(false);
				return { details: { redacted: true }, isError: true };
			},
		});
		expect(seenResult?.details).toEqual({ path: "a.txt", lines: 1 });
		const end = ofType(events, "tool_execution_end")[0];
		expect(end?.isError).toBe(true);
		expect(end?.result.content).toEqual([{ type: "text", text: "secret=hunter2" }]);
		expect(end?.result.details).toEqual({ redacted: true });
		const message = ofType(events, "turn_end")[0]?.toolResults[0];
		expect(message).toMatchObject({ isError: true, details: { redacted: true } });
	});

	it("keeps the tool's result when it returns nothing", async () => {
		const harness = scripted({ content: [fauxToolCall("a", {}, "call_1")] }, { content: [fauxText("done")] });
		const { events } = await runToEnd(
			harness,
			[user("go")],
			context([], [tool("a", async () => textResult("A"))]),
			{
				afterToolCall: () => undefined,
			},
		);
		expect(ofType(events, "tool_execution_end")[0]?.result.content).toEqual([{ type: "text", text: "A" }]);
	});
});

describe("tool call preparation", () => {
	it("runs prepareArguments before validation", async () => {
		const harness = createHarness();
		const received: unknown[] = [];
		const legacy = tool(
			"legacy",
			async (args) => {
				received.push(args);
				return textResult("ok");
			},
			{
				parameters: Type.Object({ path: Type.String() }),
				prepareArguments: (args) => ("file" in args ? { path: args.file } : args),
			},
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("legacy", { file: "a.txt" }, "call_1")] },
			{ content: [fauxText("done")] },
		);
		await harness.run([legacy]);
		expect(received).toEqual([{ path: "a.txt" }]);
	});

	it("answers an unknown tool, invalid arguments and unparseable arguments with error results", async () => {
		const harness = createHarness();
		const typed = tool("typed", async () => textResult("never"), {
			parameters: Type.Object({ count: Type.Integer() }),
		});
		harness.faux.enqueue(
			{
				content: [
					fauxToolCall("nope", {}, "call_unknown"),
					fauxToolCall("typed", { count: "many" }, "call_invalid"),
					fauxToolCall("typed", '{"count": 3', "call_unparseable"),
				],
			},
			{ content: [fauxText("done")] },
		);
		const { events } = await harness.run([typed]);
		const results = ofType(events, "turn_end")[0]?.toolResults ?? [];
		expect(results.map((result) => result.isError)).toEqual([true, true, true]);
		expect(textOf(results[0])).toBe('Tool "nope" not found. Available tools: typed.');
		expect(textOf(results[1])).toContain('Invalid arguments for tool "typed"');
		expect(textOf(results[1])).toContain("/count");
		expect(textOf(results[2])).toContain("not valid JSON");
	});
});

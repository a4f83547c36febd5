import type { ImageContent } from "@kestrel/ai";
import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent, type AgentOptions, type AgentToolResult } from "../src/index.js";
import { createHarness, deferred, settle, textOf, textResult, tool, until, user } from "./helpers.js";

interface Notice {
	role: "notice";
	text: string;
	timestamp: number;
}

declare module "../src/types.js" {
	interface CustomAgentMessages {
		notice: Notice;
	}
}

function createAgent(overrides: Partial<AgentOptions> = {}) {
	const harness = createHarness();
	const agent = new Agent({ model: harness.faux.model(), streamFn: harness.streamFn, ...overrides });
	return { harness, agent };
}

describe("Agent state", () => {
	it("appends each message at its message_end and is streaming until the run settles", async () => {
		const { harness, agent } = createAgent({ systemPrompt: "Be kind.", thinkingLevel: "medium" });
		harness.faux.enqueue({ content: [fauxText("Hello!")] });
		const streamingDuringRun: boolean[] = [];
		agent.subscribe(() => {
			streamingDuringRun.push(agent.state.isStreaming);
		});
		const outcome = await agent.prompt("Hi");
		expect(outcome).toEqual({ kind: "completed" });
		expect(agent.state.lastOutcome).toEqual({ kind: "completed" });
		expect(agent.state.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
		expect(streamingDuringRun.every(Boolean)).toBe(true);
		expect(agent.state.isStreaming).toBe(false);
		expect(harness.faux.requests[0]?.context.systemPrompt).toBe("Be kind.");
		expect(harness.faux.requests[0]?.options.reasoning).toBe("medium");
	});

	it("exposes the streaming partial and the running tool calls while they are in flight", async () => {
		const { harness, agent } = createAgent();
		const gate = deferred<AgentToolResult>();
		agent.state.tools = [tool("wait", () => gate.promise)];
		harness.faux.enqueue(
			{ content: [fauxText("Working"), fauxToolCall("wait", {}, "call_1")] },
			{ content: [fauxText("done")] },
		);
		const partials: string[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_update") partials.push(textOf(agent.state.streamingMessage));
		});
		const running = agent.prompt("go");
		await until(() => agent.state.pendingToolCalls.size === 1, "the tool call to be pending");
		expect([...agent.state.pendingToolCalls]).toEqual(["call_1"]);
		expect(agent.state.streamingMessage).toBeUndefined();
		gate.resolve(textResult("ok"));
		await running;
		expect(partials).toContain("Working");
		expect(agent.state.pendingToolCalls.size).toBe(0);
	});

	it("stores copies of assigned tools and messages arrays", () => {
		const { agent } = createAgent();
		const messages = [user("a")];
		agent.state.messages = messages;
		messages.push(user("b"));
		expect(agent.state.messages).toHaveLength(1);
	});

	it("records the error message of a failed model call", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [], error: { kind: "overloaded", message: "try later" } });
		const outcome = await agent.prompt("Hi");
		expect(outcome).toMatchObject({ kind: "error", message: "try later", error: { kind: "overloaded" } });
		expect(agent.state.errorMessage).toBe("try later");
	});
});

describe("Agent listeners", () => {
	it("are awaited one after the other, and the run settles only after the agent_end listeners finish", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [fauxText("ok")] });
		const log: string[] = [];
		agent.subscribe(async (event) => {
			log.push(`first:${event.type}:start`);
			await settle();
			log.push(`first:${event.type}:end`);
		});
		agent.subscribe((event) => {
			log.push(`second:${event.type}`);
		});
		const gate = deferred();
		agent.subscribe(async (event) => {
			if (event.type === "agent_end") await gate.promise;
		});
		let settled = false;
		const running = agent.prompt("hi").then(() => {
			settled = true;
		});
		await until(() => log.includes("second:agent_end"), "agent_end to reach the listeners");
		await settle();
		expect(settled).toBe(false);
		expect(agent.state.isStreaming).toBe(true);
		gate.resolve();
		await running;
		expect(settled).toBe(true);
		expect(log.slice(0, 6)).toEqual([
			"first:agent_start:start",
			"first:agent_start:end",
			"second:agent_start",
			"first:turn_start:start",
			"first:turn_start:end",
			"second:turn_start",
		]);
	});

	it("receive the run's signal, and unsubscribe stops delivery", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [fauxText("one")] }, { content: [fauxText("two")] });
		const signals: AbortSignal[] = [];
		const unsubscribe = agent.subscribe((_event, signal) => {
			signals.push(signal);
		});
		await agent.prompt("first");
		const count = signals.length;
		unsubscribe();
		await agent.prompt("second");
		expect(signals).toHaveLength(count);
		expect(signals[0]).toBeInstanceOf(AbortSignal);
	});

	it("end the run when one throws: prompt rejects with its error and the agent is idle again", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [fauxText("ok")] });
		agent.subscribe((event) => {
			if (event.type === "message_end") throw new Error("renderer crashed");
		});
		await expect(agent.prompt("hi")).rejects.toThrow("renderer crashed");
		expect(agent.state.isStreaming).toBe(false);
		expect(agent.state.errorMessage).toBe("renderer crashed");
		await agent.waitForIdle();
	});
});

describe("Agent.prompt", () => {
	it("rejects while a run is in progress", async () => {
		const { harness, agent } = createAgent();
		const gate = deferred<AgentToolResult>();
		agent.state.tools = [tool("wait", () => gate.promise)];
		harness.faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] }, { content: [fauxText("done")] });
		const running = agent.prompt("go");
		await expect(agent.prompt("again")).rejects.toThrow(/already in progress/);
		await expect(agent.continue()).rejects.toThrow(/already in progress/);
		gate.resolve(textResult("ok"));
		await running;
	});

	it("takes text with images, one message, or several messages", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue(
			{ content: [fauxText("1")] },
			{ content: [fauxText("2")] },
			{ content: [fauxText("3")] },
		);
		const image: ImageContent = { type: "image", data: "AAAA", mimeType: "image/png" };
		await agent.prompt("look", [image]);
		await agent.prompt(user("plain"));
		await agent.prompt([user("a"), user("b")]);
		const [first, second, third] = harness.faux.requests;
		expect(first?.context.messages[0]?.content).toEqual([{ type: "text", text: "look" }, image]);
		expect(second?.context.messages.at(-1)?.content).toBe("plain");
		expect(third?.context.messages.slice(-2).map(textOf)).toEqual(["a", "b"]);
	});
});

describe("Agent queues", () => {
	it("injects a steering message after the current batch, before the next model call", async () => {
		const { harness, agent } = createAgent();
		const gate = deferred<AgentToolResult>();
		agent.state.tools = [tool("wait", () => gate.promise)];
		harness.faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] }, { content: [fauxText("noted")] });
		const running = agent.prompt("go");
		await until(() => agent.state.pendingToolCalls.size === 1);
		agent.steer("use the other file");
		gate.resolve(textResult("ok"));
		await running;
		expect(agent.state.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"user",
			"assistant",
		]);
		expect(textOf(agent.state.messages[3])).toBe("use the other file");
	});

	it("runs a follow-up once the agent would stop", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [fauxText("first")] }, { content: [fauxText("second")] });
		agent.subscribe((event) => {
			if (event.type === "turn_start" && harness.faux.requests.length === 0) agent.followUp("and then?");
		});
		await agent.prompt("start");
		expect(agent.state.messages.map(textOf)).toEqual(["start", "first", "and then?", "second"]);
	});

	it("one-at-a-time injects one queued message per turn; all injects them together", async () => {
		for (const mode of ["one-at-a-time", "all"] as const) {
			const { harness, agent } = createAgent({ steeringMode: mode });
			harness.faux.enqueue(
				{ content: [fauxText("r1")] },
				{ content: [fauxText("r2")] },
				{ content: [fauxText("r3")] },
			);
			agent.steer("s1");
			agent.steer("s2");
			await agent.prompt("p");
			const expected = mode === "all" ? ["p", "s1", "s2", "r1"] : ["p", "s1", "r1", "s2", "r2"];
			expect(agent.state.messages.map(textOf)).toEqual(expected);
		}
	});

	it("can be cleared, and reports what it holds", () => {
		const { agent } = createAgent();
		agent.steer("s");
		agent.followUp("f");
		expect(agent.hasQueuedMessages()).toBe(true);
		agent.clearSteeringQueue();
		expect(agent.hasQueuedMessages()).toBe(true);
		agent.clearFollowUpQueue();
		expect(agent.hasQueuedMessages()).toBe(false);
		agent.steer("s");
		agent.followUp("f");
		agent.clearAllQueues();
		expect(agent.hasQueuedMessages()).toBe(false);
		agent.followUpMode = "all";
		expect(agent.followUpMode).toBe("all");
	});
});

describe("Agent.abort, continue, reset", () => {
	it("abort ends the run as aborted, with every tool call answered, and waitForIdle resolves", async () => {
		const { harness, agent } = createAgent();
		agent.state.tools = [
			tool(
				"wait",
				(_args, signal) =>
					new Promise<AgentToolResult>((_resolve, reject) =>
						signal.addEventListener("abort", () => reject(new Error("interrupted")), { once: true }),
					),
			),
		];
		harness.faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] });
		const running = agent.prompt("go");
		await until(() => agent.state.pendingToolCalls.size === 1);
		agent.abort();
		await agent.waitForIdle();
		expect(await running).toEqual({ kind: "aborted" });
		expect(agent.state.messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
		expect(agent.state.isStreaming).toBe(false);
	});

	it("continue resumes from tool results, or starts from a queued message after an assistant reply", async () => {
		const { harness, agent } = createAgent();
		agent.state.tools = [tool("work", async () => textResult("ok"))];
		harness.faux.enqueue(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("a reply we discard")] },
			{ content: [fauxText("after tools")] },
			{ content: [fauxText("answer to the queued one")] },
		);
		await agent.prompt(user("go"));
		// Cut the transcript back to the tool result, as a harness does before a retry.
		agent.state.messages = agent.state.messages.slice(0, 3);
		await agent.continue();
		expect(textOf(agent.state.messages.at(-1))).toBe("after tools");

		await expect(agent.continue()).rejects.toThrow(/last message is an assistant message/);
		expect(agent.state.errorMessage).toBeUndefined();
		agent.followUp("queued question");
		await agent.continue();
		expect(agent.state.messages.slice(-2).map(textOf)).toEqual([
			"queued question",
			"answer to the queued one",
		]);
	});

	it("reset clears the transcript, queues and error but keeps settings; it refuses while running", async () => {
		const { harness, agent } = createAgent({ systemPrompt: "keep me" });
		harness.faux.enqueue({ content: [], error: { kind: "network", message: "offline" } });
		await agent.prompt("hi");
		agent.steer("queued");
		agent.reset();
		expect(agent.state.messages).toEqual([]);
		expect(agent.state.errorMessage).toBeUndefined();
		expect(agent.hasQueuedMessages()).toBe(false);
		expect(agent.state.systemPrompt).toBe("keep me");

		const gate = deferred<AgentToolResult>();
		agent.state.tools = [tool("wait", () => gate.promise)];
		harness.faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] }, { content: [fauxText("done")] });
		const running = agent.prompt("go");
		expect(() => agent.reset()).toThrow(/in progress/);
		gate.resolve(textResult("ok"));
		await running;
	});
});

describe("custom message kinds", () => {
	it("stay in the transcript and its events while the default convertToLlm keeps them from the model", async () => {
		const { harness, agent } = createAgent();
		harness.faux.enqueue({ content: [fauxText("ok")] });
		const seen: AgentEvent[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_end") seen.push(event);
		});
		const notice: Notice = { role: "notice", text: "Connected to the staging database.", timestamp: 1 };
		await agent.prompt([notice, user("what database am I on?")]);
		expect(agent.state.messages.map((message) => message.role)).toEqual(["notice", "user", "assistant"]);
		expect(harness.faux.requests[0]?.context.messages.map((message) => message.role)).toEqual(["user"]);
		expect(seen[0]?.type === "message_end" && seen[0].message).toBe(notice);
	});
});

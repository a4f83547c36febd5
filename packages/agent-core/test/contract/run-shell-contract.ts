/**
 * The contract of the run shell's verbs, as one suite for every owner built on it
 * (`Agent` here; `AgentHarness` adds itself from `@kestrel/harness`'s tests). Each owner
 * gives a factory that builds a fresh subject around a scripted faux provider; the suite
 * drives the subject only through the shared verbs.
 *
 * ```ts
 * describeRunShellContract([["Agent", createAgentSubject], ["AgentHarness", createHarnessSubject]]);
 * ```
 */
import type { ImageContent } from "@kestrel/ai";
import { type FauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import {
	AgentError,
	type AgentMessage,
	type AgentTool,
	type AgentToolResult,
	type RunOutcome,
} from "../../src/index.js";
import { deferred, textOf, textResult, tool, until } from "../helpers.js";

/** The shared verbs, as every owner exposes them. */
export interface RunShellSubject {
	prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<RunOutcome>;
	continue(): Promise<RunOutcome>;
	steer(message: string | AgentMessage, images?: ImageContent[]): void;
	followUp(message: string | AgentMessage, images?: ImageContent[]): void;
	clearQueues(): { steering: AgentMessage[]; followUp: AgentMessage[] };
	abort(): void;
	waitForIdle(): Promise<void>;
	/** The owner's events include the loop's; the suite reads only those. */
	subscribe(listener: (event: { type: string }) => void | Promise<void>): () => void;
	dispose(): Promise<unknown>;
	/** The transcript as the next model call will start from it. */
	messages(): AgentMessage[];
}

/** A fresh subject whose model is `faux`'s, with `tools` available to it. */
export interface RunShellFixture {
	subject: RunShellSubject;
	faux: FauxProvider;
}

export type RunShellFactory = (setup: { tools: AgentTool[] }) => RunShellFixture | Promise<RunShellFixture>;

const image: ImageContent = { type: "image", data: "aGVsbG8=", mimeType: "image/png" };

function imagesOf(message: AgentMessage | undefined): unknown[] {
	const content = (message as { content?: unknown } | undefined)?.content;
	return Array.isArray(content) ? content.filter((block: { type: string }) => block.type === "image") : [];
}

/** A tool `wait` that resolves when the test says so, and the promise of its start. */
function gatedTool() {
	const gate = deferred<AgentToolResult>();
	const started = deferred();
	const wait = tool("wait", () => {
		started.resolve();
		return gate.promise;
	});
	return { wait, gate, started };
}

export function describeRunShellContract(subjects: ReadonlyArray<readonly [string, RunShellFactory]>): void {
	describe.each(subjects)("the run shell contract: %s", (_name, create) => {
		it("prompt resolves with the outcome after agent_end, with text and images in the user message", async () => {
			const { subject, faux } = await create({ tools: [] });
			faux.enqueue({ content: [fauxText("Hello!")] });
			const types: string[] = [];
			subject.subscribe((event) => {
				types.push(event.type);
			});
			const outcome = await subject.prompt("Hi", [image]);
			expect(outcome).toEqual({ kind: "completed" });
			expect(types[0]).toBe("agent_start");
			expect(types.at(-1)).toBe("agent_end");
			const [first, reply] = subject.messages();
			expect(textOf(first)).toBe("Hi");
			expect(imagesOf(first)).toEqual([image]);
			expect(textOf(reply)).toBe("Hello!");
		});

		it("prompt and continue reject with AgentError busy during a run, changing nothing", async () => {
			const { wait, gate, started } = gatedTool();
			const { subject, faux } = await create({ tools: [wait] });
			faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] }, { content: [fauxText("done")] });
			const running = subject.prompt("go");
			await started.promise;
			const again = subject.prompt("again");
			await expect(again).rejects.toBeInstanceOf(AgentError);
			await expect(again).rejects.toMatchObject({ code: "busy" });
			await expect(subject.continue()).rejects.toMatchObject({ code: "busy" });
			gate.resolve(textResult("ok"));
			await running;
			expect(subject.messages().filter((message) => textOf(message) === "again")).toHaveLength(0);
		});

		it("continue with nothing to resume and nothing queued rejects with nothing_to_continue", async () => {
			const { subject, faux } = await create({ tools: [] });
			await expect(subject.continue()).rejects.toMatchObject({ code: "nothing_to_continue" });
			faux.enqueue({ content: [fauxText("answer")] });
			await subject.prompt("question");
			const error = await subject.continue().catch((thrown: unknown) => thrown);
			expect(error).toBeInstanceOf(AgentError);
			expect(error).toMatchObject({ code: "nothing_to_continue" });
			expect(faux.requests).toHaveLength(1);
		});

		it("continue after an answer starts from a queued follow-up", async () => {
			const { subject, faux } = await create({ tools: [] });
			faux.enqueue({ content: [fauxText("first")] }, { content: [fauxText("second")] });
			await subject.prompt("one");
			subject.followUp("two");
			const outcome = await subject.continue();
			expect(outcome).toEqual({ kind: "completed" });
			expect(subject.messages().map(textOf)).toEqual(["one", "first", "two", "second"]);
			expect(subject.clearQueues()).toEqual({ steering: [], followUp: [] });
		});

		it("steer injects the message (with its images) after the turn's tool results", async () => {
			const { wait, gate, started } = gatedTool();
			const { subject, faux } = await create({ tools: [wait] });
			faux.enqueue({ content: [fauxToolCall("wait", {}, "call_1")] }, { content: [fauxText("turned")] });
			const running = subject.prompt("drive");
			await started.promise;
			subject.steer("turn left", [image]);
			gate.resolve(textResult("ok"));
			await running;
			const sent = faux.requests[1]?.context.messages ?? [];
			expect(sent.map((message) => message.role)).toEqual(["user", "assistant", "toolResult", "user"]);
			expect(textOf(sent.at(-1))).toBe("turn left");
			expect(imagesOf(sent.at(-1))).toEqual([image]);
		});

		it("follow-ups wait until the agent would stop, one per turn by default", async () => {
			const { wait, gate, started } = gatedTool();
			const { subject, faux } = await create({ tools: [wait] });
			faux.enqueue(
				{ content: [fauxToolCall("wait", {}, "call_1")] },
				{ content: [fauxText("a")] },
				{ content: [fauxText("b")] },
				{ content: [fauxText("c")] },
			);
			const running = subject.prompt("go");
			await started.promise;
			subject.followUp("then this");
			subject.followUp("and this");
			gate.resolve(textResult("ok"));
			await running;
			expect(faux.requests).toHaveLength(4);
			expect(textOf(faux.requests[2]?.context.messages.at(-1))).toBe("then this");
			expect(textOf(faux.requests[3]?.context.messages.at(-1))).toBe("and this");
		});

		it("clearQueues returns what both queues held and empties them", async () => {
			const { subject, faux } = await create({ tools: [] });
			subject.steer("s1");
			subject.followUp("f1");
			subject.followUp("f2");
			const taken = subject.clearQueues();
			expect(taken.steering.map(textOf)).toEqual(["s1"]);
			expect(taken.followUp.map(textOf)).toEqual(["f1", "f2"]);
			expect(subject.clearQueues()).toEqual({ steering: [], followUp: [] });
			faux.enqueue({ content: [fauxText("only")] });
			await subject.prompt("go");
			expect(faux.requests).toHaveLength(1);
		});

		it("abort ends the run as aborted and waitForIdle resolves; the next prompt works", async () => {
			const listening = tool("listen", (_args, signal) => {
				return new Promise<AgentToolResult>((resolve) => {
					signal.addEventListener("abort", () => resolve(textResult("stopped")), { once: true });
				});
			});
			const { subject, faux } = await create({ tools: [listening] });
			faux.enqueue({ content: [fauxToolCall("listen", {}, "call_1")] });
			let toolStarted = false;
			subject.subscribe((event) => {
				if (event.type === "tool_execution_start") toolStarted = true;
			});
			const running = subject.prompt("go");
			await until(() => toolStarted, "the tool to start");
			subject.abort();
			await subject.waitForIdle();
			expect(await running).toEqual({ kind: "aborted" });
			faux.enqueue({ content: [fauxText("again")] });
			expect(await subject.prompt("new")).toEqual({ kind: "completed" });
		});

		it("waitForIdle resolves at once when idle, and after the run's agent_end listeners during one", async () => {
			const { subject, faux } = await create({ tools: [] });
			await subject.waitForIdle();
			faux.enqueue({ content: [fauxText("ok")] });
			const ended = deferred();
			const order: string[] = [];
			subject.subscribe(async (event) => {
				if (event.type !== "agent_end") return;
				await ended.promise;
				order.push("agent_end listener");
			});
			const running = subject.prompt("go");
			const idle = subject.waitForIdle().then(() => order.push("idle"));
			await until(() => faux.requests.length === 1, "the model call");
			ended.resolve();
			await Promise.all([running, idle]);
			expect(order).toEqual(["agent_end listener", "idle"]);
		});

		it("awaits listeners one after the other, in subscription order, before the run goes on", async () => {
			const { subject, faux } = await create({ tools: [] });
			faux.enqueue({ content: [fauxText("ok")] });
			const log: string[] = [];
			subject.subscribe(async (event) => {
				await new Promise((resolve) => setTimeout(resolve, 0));
				log.push(`first:${event.type}`);
			});
			subject.subscribe((event) => {
				log.push(`second:${event.type}`);
			});
			await subject.prompt("go");
			const loopEvents = log.filter((line) => /:(agent_start|turn_start|turn_end|agent_end)$/.test(line));
			expect(loopEvents.slice(0, 4)).toEqual([
				"first:agent_start",
				"second:agent_start",
				"first:turn_start",
				"second:turn_start",
			]);
			expect(loopEvents.slice(-2)).toEqual(["first:agent_end", "second:agent_end"]);
		});

		it("a throwing listener ends the run: prompt rejects with its error and the subject is idle again", async () => {
			const { subject, faux } = await create({ tools: [] });
			faux.enqueue({ content: [fauxText("ok")] }, { content: [fauxText("fine")] });
			const unsubscribe = subject.subscribe((event) => {
				if (event.type === "message_end") throw new Error("renderer crashed");
			});
			await expect(subject.prompt("hi")).rejects.toThrow("renderer crashed");
			await subject.waitForIdle();
			unsubscribe();
			expect(await subject.prompt("again")).toEqual({ kind: "completed" });
		});

		it("after dispose, prompt and continue reject with disposed", async () => {
			const { subject } = await create({ tools: [] });
			await subject.dispose();
			await expect(subject.prompt("hi")).rejects.toMatchObject({ code: "disposed" });
			await expect(subject.continue()).rejects.toMatchObject({ code: "disposed" });
		});
	});
}

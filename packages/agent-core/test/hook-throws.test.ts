import {
	AssistantEventStream,
	type AssistantMessage,
	type AssistantMessageEventStream,
	type Model,
} from "@kestrel/ai";
import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentLoopConfig, StreamFn } from "../src/index.js";
import {
	context,
	createHarness,
	labels,
	lastAgentEnd,
	ofType,
	runToEnd,
	scripted,
	textOf,
	textResult,
	tool,
	user,
} from "./helpers.js";

const work = tool("work", async () => textResult("worked"));

type Thrower = (error: Error) => Partial<AgentLoopConfig>;

/** Each hook whose failure ends the run, failing by a synchronous throw. */
const hooks: Record<string, Thrower> = {
	transformContext: (error) => ({
		transformContext: () => {
			throw error;
		},
	}),
	convertToLlm: (error) => ({
		convertToLlm: () => {
			throw error;
		},
	}),
	getApiKey: (error) => ({
		getApiKey: () => {
			throw error;
		},
	}),
	prepareNextTurn: (error) => ({
		prepareNextTurn: () => {
			throw error;
		},
	}),
	shouldStopAfterTurn: (error) => ({
		shouldStopAfterTurn: () => {
			throw error;
		},
	}),
	getSteeringMessages: (error) => ({
		getSteeringMessages: () => {
			throw error;
		},
	}),
	getFollowUpMessages: (error) => ({
		getFollowUpMessages: () => {
			throw error;
		},
	}),
};

describe.each(Object.entries(hooks))("a throwing %s", (hook, makeConfig) => {
	for (const style of ["throws", "rejects"] as const) {
		it(`${style}: ends the run with an error assistant message and a normal agent_end`, async () => {
			const harness = scripted({ content: [fauxText("answer")] }, { content: [fauxText("answer")] });
			const error = new Error(`${hook} broke`);
			const base = makeConfig(error);
			const config: Partial<AgentLoopConfig> =
				style === "throws"
					? base
					: Object.fromEntries(
							Object.entries(base).map(([key, value]) => [
								key,
								async (...args: unknown[]) => (value as (...args: unknown[]) => unknown)(...args),
							]),
						);
			const { events, messages } = await harness.run([], config);

			const last = messages.at(-1) as AssistantMessage;
			expect(last.role).toBe("assistant");
			expect(last.stopReason).toBe("error");
			expect(last.errorMessage).toBe(`${hook} failed: ${hook} broke`);
			expect(last.error).toMatchObject({ kind: "local", code: `agent_hook:${hook}`, raw: error });
			expect(labels(events).slice(-4)).toEqual([
				"message_start:assistant",
				"message_end:assistant",
				"turn_end",
				"agent_end",
			]);
			expect(lastAgentEnd(events).outcome).toEqual({
				kind: "error",
				message: `${hook} failed: ${hook} broke`,
				error: last.error,
			});
			// Every turn_start is closed by a turn_end.
			expect(ofType(events, "turn_start")).toHaveLength(ofType(events, "turn_end").length);
		});
	}
});

describe("a failing streamFn", () => {
	const failures: Record<string, StreamFn> = {
		"throws when called": () => {
			throw new Error("streamFn broke");
		},
		rejects: async () => {
			throw new Error("streamFn broke");
		},
		"returns a stream whose iteration throws midway": (model: Model): AssistantMessageEventStream => {
			const partial: AssistantMessage = {
				role: "assistant",
				content: [{ type: "text", text: "half an ans" }],
				api: model.api,
				provider: model.provider,
				model: model.id,
				usage: {
					input: 0,
					output: 0,
					cacheRead: 0,
					cacheWrite: 0,
					totalTokens: 0,
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
				},
				stopReason: "stop",
				timestamp: 1,
			};
			return {
				async *[Symbol.asyncIterator]() {
					yield { type: "start", partial };
					yield { type: "text_start", contentIndex: 0, partial };
					throw new Error("streamFn broke");
				},
				result: () => new Promise<AssistantMessage>(() => {}),
			};
		},
	};

	for (const [name, streamFn] of Object.entries(failures)) {
		it(`${name}: ends the run with an error message and agent_end`, async () => {
			const harness = createHarness();
			const { events, messages } = await runToEnd({ ...harness, streamFn }, [user("go")], context());
			const last = messages.at(-1) as AssistantMessage;
			expect(last).toMatchObject({
				role: "assistant",
				stopReason: "error",
				errorMessage: "streamFn failed: streamFn broke",
			});
			expect(last.error?.code).toBe("agent_hook:streamFn");
			expect(labels(events).slice(-3)).toEqual(["message_end:assistant", "turn_end", "agent_end"]);
			expect(lastAgentEnd(events).outcome.kind).toBe("error");
		});
	}

	it("keeps what streamed before the stream broke, in place of the partial", async () => {
		const harness = createHarness();
		const { messages } = await runToEnd(
			{ ...harness, streamFn: failures["returns a stream whose iteration throws midway"]! },
			[user("go")],
			context(),
		);
		expect(textOf(messages.at(-1))).toBe("half an ans");
		expect(messages.filter((message) => message.role === "assistant")).toHaveLength(1);
	});

	it("still settles when a stream ends without a terminal event (result() decides)", async () => {
		const harness = createHarness();
		const streamFn: StreamFn = (model) => {
			const stream = new AssistantEventStream(model);
			stream.close();
			return stream;
		};
		const { messages, events } = await runToEnd({ ...harness, streamFn }, [user("go")], context());
		expect((messages.at(-1) as AssistantMessage).stopReason).toBe("error");
		expect(lastAgentEnd(events).outcome.kind).toBe("error");
	});
});

describe("a failing tool-level hook gives the model an error result and the run goes on", () => {
	const cases: Record<string, Partial<AgentLoopConfig>> = {
		beforeToolCall: {
			beforeToolCall: () => {
				throw new Error("policy engine down");
			},
		},
		afterToolCall: {
			afterToolCall: async () => {
				throw new Error("audit log down");
			},
		},
	};
	for (const [hook, config] of Object.entries(cases)) {
		it(hook, async () => {
			const harness = scripted(
				{ content: [fauxToolCall("work", {}, "call_1")] },
				{ content: [fauxText("recovered")] },
			);
			const { events } = await harness.run([work], config);
			const result = ofType(events, "turn_end")[0]?.toolResults[0];
			expect(result?.isError).toBe(true);
			expect(textOf(result)).toContain(hook);
			expect(harness.faux.requests).toHaveLength(2);
			expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
		});
	}

	it("a throwing execute and a throwing prepareArguments", async () => {
		const harness = createHarness();
		const broken = tool("broken", async () => {
			throw new Error("disk full");
		});
		const badPrepare = tool("bad", async () => textResult("never"), {
			prepareArguments: () => {
				throw new Error("cannot shim");
			},
		});
		harness.faux.enqueue(
			{ content: [fauxToolCall("broken", {}, "call_1"), fauxToolCall("bad", {}, "call_2")] },
			{ content: [fauxText("recovered")] },
		);
		const { events } = await harness.run([broken, badPrepare]);
		const results = ofType(events, "turn_end")[0]?.toolResults ?? [];
		expect(results.map((result) => [result.isError, textOf(result)])).toEqual([
			[true, "disk full"],
			[true, 'Could not prepare the arguments of "bad": cannot shim'],
		]);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});
});

import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentMessage, TurnContext } from "../src/index.js";
import {
	context,
	labels,
	lastAgentEnd,
	ofType,
	runToEnd,
	scripted,
	startRun,
	textOf,
	textResult,
	tool,
	user,
} from "./helpers.js";

const work = tool("work", async () => textResult("worked"));

describe("prepareNextTurn", () => {
	it("replaces the context, the model and the thinking level for the next model call", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("done")] },
		);
		const bigger = harness.faux.model({ id: "faux-bigger" });
		const { messages } = await runToEnd(harness, [user("go")], context([], [work], "old prompt"), {
			thinkingLevel: "low",
			prepareNextTurn: (turn) => ({
				context: {
					systemPrompt: "rebuilt prompt",
					messages: [user("summary of earlier work"), ...turn.context.messages.slice(-2)],
					tools: turn.context.tools ?? [],
				},
				model: bigger,
				thinkingLevel: "high",
			}),
		});
		const [first, second] = harness.faux.requests;
		expect(first?.model.id).toBe("faux-model");
		expect(first?.options.reasoning).toBe("low");
		expect(second?.model.id).toBe("faux-bigger");
		expect(second?.options.reasoning).toBe("high");
		expect(second?.context.systemPrompt).toBe("rebuilt prompt");
		expect(second?.context.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
		]);
		expect(textOf(second?.context.messages[0])).toBe("summary of earlier work");
		// The run still reports every message it added, whatever the context became.
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
	});

	it("sees the completed turn: its message, its results, the context, the new messages and the totals", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("done")] },
		);
		const seen: TurnContext[] = [];
		await harness.run([work], {
			prepareNextTurn: (turn) => {
				seen.push({ ...turn, newMessages: [...turn.newMessages] });
				return undefined;
			},
		});
		expect(seen).toHaveLength(2);
		expect(seen[0]?.message.stopReason).toBe("toolUse");
		expect(seen[0]?.toolResults.map((result) => result.toolCallId)).toEqual(["call_1"]);
		expect(seen[0]?.newMessages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
		expect(seen[0]?.stats).toMatchObject({ turns: 1, toolCalls: 1 });
		expect(seen[1]?.stats).toMatchObject({ turns: 2, toolCalls: 1 });
		expect(seen[0]?.model.id).toBe("faux-model");
	});

	it("runs after turn_end, before shouldStopAfterTurn, before steering is polled", async () => {
		const harness = scripted({ content: [fauxText("done")] });
		const order: string[] = [];
		const run = startRun(harness, [user("go")], context(), {
			prepareNextTurn: () => {
				order.push(`prepareNextTurn after ${labels(run.events).at(-1)}`);
				return undefined;
			},
			shouldStopAfterTurn: () => {
				order.push("shouldStopAfterTurn");
				return false;
			},
			getSteeringMessages: () => {
				order.push("getSteeringMessages");
				return [];
			},
			getFollowUpMessages: () => {
				order.push("getFollowUpMessages");
				return [];
			},
		});
		await run.done;
		expect(order).toEqual([
			"getSteeringMessages",
			"prepareNextTurn after turn_end",
			"shouldStopAfterTurn",
			"getSteeringMessages",
			"getFollowUpMessages",
		]);
	});
});

describe("shouldStopAfterTurn", () => {
	it("ends the run after the turn, before steering is polled, and reports why", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxText("never")] },
		);
		const steering: AgentMessage[] = [user("steer", 2)];
		const { events, messages } = await harness.run([work], {
			shouldStopAfterTurn: () => ({ reason: "context_full", message: "The context is nearly full." }),
			getSteeringMessages: () => (harness.faux.requests.length === 0 ? [] : steering.splice(0)),
		});
		expect(harness.faux.requests).toHaveLength(1);
		expect(steering).toHaveLength(1);
		expect(labels(events).slice(-3)).toEqual(["message_end:toolResult:call_1", "turn_end", "agent_end"]);
		expect(lastAgentEnd(events).outcome).toEqual({
			kind: "stopped",
			stop: { reason: "context_full", message: "The context is nearly full." },
		});
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
	});

	it('reports a plain true as reason "requested", and false goes on', async () => {
		const harness = scripted(
			{ content: [fauxToolCall("work", {}, "call_1")] },
			{ content: [fauxToolCall("work", {}, "call_2")] },
		);
		let turns = 0;
		const { events } = await harness.run([work], {
			shouldStopAfterTurn: () => {
				turns += 1;
				return turns === 2;
			},
		});
		expect(ofType(events, "turn_end")).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "stopped", stop: { reason: "requested" } });
	});
});

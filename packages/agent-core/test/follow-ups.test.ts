import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "../src/index.js";
import { context, labels, lastAgentEnd, runToEnd, scripted, textResult, tool, user } from "./helpers.js";

describe("follow-up messages", () => {
	it("are asked for only when the agent would stop, then injected at the top of a new turn", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("a", {}, "call_1")] },
			{ content: [fauxText("first done")] },
			{ content: [fauxText("follow-up done")] },
		);
		const asked: number[] = [];
		const queue: AgentMessage[] = [user("and then this", 2)];
		const { events, messages } = await runToEnd(
			harness,
			[user("go")],
			context([], [tool("a", async () => textResult("A"))]),
			{
				getFollowUpMessages: () => {
					asked.push(harness.faux.requests.length);
					return queue.splice(0);
				},
			},
		);

		// Asked after the second model call (the first had tool calls), and after the third.
		expect(asked).toEqual([2, 3]);
		expect(labels(events).slice(-9)).toEqual([
			"message_end:assistant",
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
			"user",
			"assistant",
		]);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});

	it("are not asked for while steering messages keep the inner loop going", async () => {
		const harness = scripted({ content: [fauxText("one")] }, { content: [fauxText("two")] });
		const steering: AgentMessage[] = [];
		const log: string[] = [];
		await harness.run([], {
			getSteeringMessages: () => {
				log.push("steering");
				if (harness.faux.requests.length === 1 && log.length === 2) steering.push(user("steer", 2));
				return steering.splice(0);
			},
			getFollowUpMessages: () => {
				log.push("follow-up");
				return [];
			},
		});
		expect(log).toEqual(["steering", "steering", "steering", "follow-up"]);
	});
});

import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "../src/index.js";
import { lastAgentEnd, ofType, scripted, textResult, tool, user } from "./helpers.js";

const finish = tool("finish", async () => textResult("finished", { terminate: true }));
const keepGoing = tool("work", async () => textResult("worked"));

describe("terminate", () => {
	it("ends the run after a batch whose results all say terminate, without another model call", async () => {
		const harness = scripted({
			content: [fauxToolCall("finish", {}, "call_1"), fauxToolCall("finish", {}, "call_2")],
		});
		const { events } = await harness.run([finish]);
		expect(harness.faux.requests).toHaveLength(1);
		expect(ofType(events, "turn_end")).toHaveLength(1);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "terminated" });
	});

	it("calls the model again when only some results of the batch say terminate", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("finish", {}, "call_1"), fauxToolCall("work", {}, "call_2")] },
			{ content: [fauxText("done")] },
		);
		const { events } = await harness.run([finish, keepGoing]);
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});

	it("counts a failed call as not terminating, and a call blocked with terminate as terminating", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("finish", {}, "call_1"), fauxToolCall("missing", {}, "call_2")] },
			{ content: [fauxToolCall("finish", {}, "call_3"), fauxToolCall("work", {}, "call_4")] },
		);
		const { events } = await harness.run([finish, keepGoing], {
			beforeToolCall: ({ toolCall }) =>
				toolCall.name === "work" ? { block: true, reason: "not now", terminate: true } : undefined,
		});
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "terminated" });
	});

	it("lets afterToolCall set terminate on a result", async () => {
		const harness = scripted({ content: [fauxToolCall("work", {}, "call_1")] });
		const { events } = await harness.run([keepGoing], {
			afterToolCall: () => ({ terminate: true }),
		});
		expect(harness.faux.requests).toHaveLength(1);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "terminated" });
	});

	it("still processes a queued follow-up after a terminating batch", async () => {
		const harness = scripted(
			{ content: [fauxToolCall("finish", {}, "call_1")] },
			{ content: [fauxText("next task done")] },
		);
		const queue: AgentMessage[] = [user("next task", 2)];
		const { events } = await harness.run([finish], {
			getFollowUpMessages: () => queue.splice(0),
		});
		expect(harness.faux.requests).toHaveLength(2);
		expect(lastAgentEnd(events).outcome).toEqual({ kind: "completed" });
	});
});

import { describe, expect, it } from "vitest";
import { AgentHarness, type HarnessEvent, SessionManager } from "../../src/index.js";
import { scriptedModel } from "./support/scripted.js";

describe("a session write that fails mid-run", () => {
	it("still ends the run for listeners (one agent_start, one agent_end with the error), and resolves prompt() with that error as the outcome", async () => {
		const scripted = scriptedModel({ agent: () => ({ content: [{ type: "text", text: "Noted." }] }) });
		const session = await SessionManager.inMemory({ cwd: "/p" }).create();
		const append = session.appendMessage.bind(session);
		session.appendMessage = (message) => {
			// The user's prompt is written; the answer meets a full disk.
			if (message.role === "assistant") {
				throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
			}
			return append(message);
		};
		const harness = new AgentHarness({
			session,
			model: scripted.model,
			streamFn: scripted.streamFn,
			systemPrompt: "x",
		});
		const events: HarnessEvent[] = [];
		harness.subscribe((event) => {
			events.push(event);
		});

		const outcome = await harness.prompt("Remember the boat");
		// One shape for every failure: the run's outcome, with the thrown value's code.
		expect(outcome).toMatchObject({
			kind: "error",
			message: expect.stringContaining("ENOSPC"),
			error: { kind: "local", code: "ENOSPC" },
		});
		const types = events.map((event) => event.type);
		expect(types.filter((type) => type === "agent_start")).toHaveLength(1);
		expect(types.filter((type) => type === "agent_end")).toHaveLength(1);
		expect(types.at(-1)).toBe("agent_end");
		expect(events.at(-1)).toMatchObject({
			type: "agent_end",
			outcome,
		});
		expect(harness.running).toBe(false);
	});
});

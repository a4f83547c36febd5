import { describe, expect, it } from "vitest";
import { AgentHarness, SessionManager } from "../../src/index.js";
import { bulkyTool, harnessFor, ofType, recordEvents, scriptedModel } from "./support/scripted.js";

describe("switching models", () => {
	it("compacts first when the context would not fit the new window, records the change and clamps thinking", async () => {
		const scripted = scriptedModel({
			contextWindow: 200_000,
			model: { reasoning: true },
			agent: (_request, index) =>
				index < 6
					? { content: [{ type: "toolCall", name: "probe", arguments: { step: index } }] }
					: { content: [{ type: "text", text: "done" }] },
		});
		const session = await SessionManager.inMemory({ cwd: "/w" }).create();
		const harness = new AgentHarness({
			session,
			model: scripted.model,
			thinkingLevel: "high",
			streamFn: scripted.streamFn,
			tools: [bulkyTool(12_000)],
			systemPrompt: "x",
			compaction: { keepRecentTokens: 2_000 },
		});
		const events = recordEvents((listener) => harness.subscribe(listener));
		await harness.prompt("Probe six times.");
		expect(ofType(events, "compaction_start")).toHaveLength(0);

		// About 18,000 tokens of context; the small model's limit is well below.
		const small = { ...scripted.model, id: "small-model", contextWindow: 20_000, reasoning: false };
		await harness.setModel(small);

		const start = ofType(events, "compaction_start").at(-1)!;
		expect(start).toMatchObject({ reason: "model_switch", contextWindow: 20_000 });
		const order = events.map((event) => event.type);
		expect(order.lastIndexOf("compaction_end")).toBeLessThan(order.lastIndexOf("model_change"));
		expect(harness.model.id).toBe("small-model");
		expect(harness.thinkingLevel).toBe("off");
		const context = session.buildContext();
		expect(context.model).toMatchObject({ modelId: "small-model" });
		expect(context.thinkingLevel).toBe("off");
		expect(harness.state().contextTokens).toBeLessThan(20_000 * 0.8);

		// The next request goes to the new model, within its window.
		await harness.prompt("Go on.");
		const last = scripted.agentRequests().at(-1)!;
		expect(last.model.id).toBe("small-model");
		expect(last.options.reasoning ?? "off").toBe("off");
	});

	it("applies a switch asked for during a run before the next model call", async () => {
		const scripted = scriptedModel({
			agent: (_request, index) =>
				index === 0
					? { content: [{ type: "toolCall", name: "probe", arguments: { step: 0 } }] }
					: { content: [{ type: "text", text: "done" }] },
		});
		const { session, harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		});
		const other = { ...scripted.model, id: "other-model" };
		const events = recordEvents((listener) => harness.subscribe(listener));
		harness.subscribe((event) => {
			if (event.type === "tool_execution_start") void harness.setModel(other);
		});
		await harness.prompt("Go.");
		// Announced once it took effect: after the first turn, before the second model call.
		const order = events.map((event) => event.type);
		expect(ofType(events, "model_change").map((event) => event.model.id)).toEqual(["other-model"]);
		expect(order.indexOf("model_change")).toBeGreaterThan(order.indexOf("turn_end"));
		expect(order.indexOf("model_change")).toBeLessThan(order.lastIndexOf("turn_start"));
		expect(scripted.agentRequests().map((request) => request.model.id)).toEqual([
			scripted.model.id,
			"other-model",
		]);
		const changes = session.getBranch().filter((entry) => entry.type === "model_change");
		expect(changes.map((entry) => (entry.type === "model_change" ? entry.modelId : ""))).toEqual([
			scripted.model.id,
			"other-model",
		]);
	});

	it("clamps a thinking level to the levels a model accepts", async () => {
		const scripted = scriptedModel({
			model: { reasoning: true, thinkingLevels: ["low", "high"] },
			agent: () => ({ content: [{ type: "text", text: "ok" }] }),
		});
		const { session, harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			systemPrompt: "x",
		});
		await harness.setThinkingLevel("medium");
		expect(harness.thinkingLevel).toBe("low");
		await harness.prompt("Hi");
		expect(scripted.agentRequests()[0]!.options.reasoning).toBe("low");
		expect(session.buildContext().thinkingLevel).toBe("low");
	});
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentHarness, type HarnessEvent, SessionManager } from "../../src/index.js";
import { bulkyTool, harnessFor, ofType, scriptedModel, textOf } from "./support/scripted.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-harness-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

function twoTurns() {
	return scriptedModel({
		agent: (_request, index) =>
			index % 2 === 0
				? { content: [{ type: "toolCall", name: "probe", arguments: { step: index } }] }
				: { content: [{ type: "text", text: `Answer ${index}.` }] },
	});
}

describe("the harness and its session", () => {
	it("persists every message before listeners see its message_end", async () => {
		const scripted = twoTurns();
		const manager = new SessionManager({ dir, cwd: dir });
		const session = await manager.create();
		const harness = new AgentHarness({
			session,
			model: scripted.model,
			streamFn: scripted.streamFn,
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		});
		const seen: string[] = [];
		harness.subscribe((event) => {
			if (event.type !== "message_end") return;
			const last = session.getEntry(session.leafId!);
			expect(last?.type === "message" && last.message).toBe(event.message);
			seen.push(event.message.role);
		});
		await harness.prompt("Probe once.");
		expect(seen).toEqual(["user", "assistant", "toolResult", "assistant"]);
		await session.close();

		// The file holds them, with the model and thinking level in force.
		const reopened = await manager.open(session.path!, { readOnly: true });
		const context = reopened.buildContext();
		expect(context.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);
		expect(context.model).toMatchObject({ provider: scripted.model.provider, modelId: scripted.model.id });
		expect(context.thinkingLevel).toBe("off");
		await reopened.close();
	});

	it("resumes a session: a new harness sends the earlier conversation with the next prompt", async () => {
		const scripted = twoTurns();
		const manager = new SessionManager({ dir, cwd: dir });
		const first = await manager.create();
		await new AgentHarness({
			session: first,
			model: scripted.model,
			streamFn: scripted.streamFn,
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		}).prompt("First task.");
		await first.close();

		const resumed = await manager.continueRecent();
		expect(resumed.id).toBe(first.id);
		const harness = new AgentHarness({
			session: resumed,
			model: scripted.model,
			streamFn: scripted.streamFn,
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		});
		await harness.prompt("Second task.");
		const request = scripted.agentRequests().at(-2)!.context.messages;
		expect(textOf(request[0])).toBe("First task.");
		expect(textOf(request[4])).toBe("Second task.");
		await resumed.close();
	});

	it("rebuilds the system prompt before every model call, with the context files, byte-identical while nothing changes", async () => {
		const scripted = twoTurns();
		await writeFile(join(dir, "AGENTS.md"), "Always answer in French.");
		const session = await SessionManager.inMemory({ cwd: dir }).create();
		let builds = 0;
		let extra = "";
		const harness = new AgentHarness({
			session,
			model: scripted.model,
			streamFn: scripted.streamFn,
			tools: [bulkyTool(10)],
			systemPrompt: {
				build: (tools) => {
					builds += 1;
					return `Tools: ${tools.map((tool) => tool.name)}.${extra}`;
				},
			},
		});
		harness.subscribe((event) => {
			if (event.type === "tool_execution_end") extra = " Be careful.";
		});
		await harness.prompt("Go.");
		const [first, second] = scripted.agentRequests();
		expect(first!.context.systemPrompt).toBe("Tools: probe.");
		expect(second!.context.systemPrompt).toBe("Tools: probe. Be careful.");
		// Once before the run and once after each of the two turns (prepareNextTurn also runs after the
		// last one, since a follow-up may still come): not per event.
		expect(builds).toBe(3);

		// The default prompt reads AGENTS.md from the session's folder; two requests send the same bytes.
		const defaultScripted = twoTurns();
		const other = await SessionManager.inMemory({ cwd: dir }).create();
		await new AgentHarness({
			session: other,
			model: defaultScripted.model,
			streamFn: defaultScripted.streamFn,
			tools: [bulkyTool(10)],
		}).prompt("Go.");
		const prompts = defaultScripted.agentRequests().map((request) => request.context.systemPrompt);
		expect(prompts[0]).toContain("Always answer in French.");
		expect(prompts[0]).toContain(dir);
		expect(prompts[1]).toBe(prompts[0]);
	});

	it("reloads the branch when the session moved during a run (a custom message appended by the app)", async () => {
		const scripted = twoTurns();
		const { session, harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		});
		harness.subscribe((event: HarnessEvent) => {
			if (event.type === "turn_end" && event.toolResults.length > 0) {
				session.appendCustomMessage("note", "The user is watching.");
			}
		});
		await harness.prompt("Go.");
		// Appended after the first turn, behind the harness's back: the second request carries it.
		const second = scripted.agentRequests()[1]!.context.messages;
		expect(second.some((message) => textOf(message) === "The user is watching.")).toBe(true);
	});

	it("queues steering and follow-up messages and hands them back on clearQueues", async () => {
		const scripted = twoTurns();
		const { session, harness, events } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			tools: [bulkyTool(10)],
			systemPrompt: "x",
		});
		harness.subscribe((event) => {
			if (event.type === "tool_execution_start" && ofType(events, "tool_execution_start").length === 1) {
				harness.steer("Also check the logs.");
				harness.followUp("Then summarise.");
			}
		});
		await harness.prompt("Go.");
		const users = session
			.getBranch()
			.flatMap((entry) =>
				entry.type === "message" && entry.message.role === "user" ? [textOf(entry.message)] : [],
			);
		expect(users).toEqual(["Go.", "Also check the logs.", "Then summarise."]);
		const queues = () =>
			ofType(events, "queue_update").map((event) => ({
				steering: event.steering.map(textOf),
				followUp: event.followUp.map(textOf),
			}));
		// Queued, then the steering message taken after the turn's tools, then the follow-up when the agent would stop.
		expect(queues()).toEqual([
			{ steering: ["Also check the logs."], followUp: [] },
			{ steering: ["Also check the logs."], followUp: ["Then summarise."] },
			{ steering: [], followUp: ["Then summarise."] },
			{ steering: [], followUp: [] },
		]);

		harness.steer("later");
		harness.followUp("even later");
		const taken = harness.clearQueues();
		expect(taken.steering.map(textOf)).toEqual(["later"]);
		expect(taken.followUp.map(textOf)).toEqual(["even later"]);
		expect(harness.state().steering).toEqual([]);
		expect(queues().slice(4)).toEqual([
			{ steering: ["later"], followUp: [] },
			{ steering: ["later"], followUp: ["even later"] },
			{ steering: [], followUp: [] },
		]);
	});

	it("refuses a second prompt while running, with a message that says what to do", async () => {
		const scripted = twoTurns();
		const { harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			systemPrompt: "x",
		});
		const running = harness.prompt("One.");
		await expect(harness.prompt("Two.")).rejects.toThrow(/steer\(\)/);
		await running;
	});
});

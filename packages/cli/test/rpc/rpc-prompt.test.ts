import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { startRpc } from "./rpc-process.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("rpc mode: a run", () => {
	it("writes ready, runs a two-turn task that writes a file, reports state, and exits 0 when stdin closes", async () => {
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_01",
					name: "write",
					arguments: { path: "notes.txt", content: "tide at 6\n" },
				},
			]),
			answer("Wrote notes.txt."),
		);
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL, "--approve", "all"]);
		const ready = await rpc.waitFor((line) => line.type === "ready");
		expect(rpc.lines[0]).toBe(ready);
		expect(ready).toMatchObject({
			protocol: 1,
			model: { provider: "wire", id: "claude-wire" },
			approve: "all",
			session: { id: expect.any(String), path: expect.stringMatching(/\.jsonl$/) },
		});
		expect(ready.commands).toContain("export_html");

		const accepted = await rpc.request({ type: "prompt", message: "Write the tide notes" });
		expect(accepted).toMatchObject({ command: "prompt", success: true, data: { accepted: true } });
		const end = await rpc.waitForEvent("agent_end");
		expect(end).toMatchObject({ outcome: { kind: "completed" }, stats: { turns: 2, toolCalls: 1 } });
		// The response comes first; the run's events follow it.
		const responseAt = rpc.lines.indexOf(rpc.lines.find((line) => line.type === "response")!);
		const startAt = rpc.lines.findIndex(
			(line) => line.type === "event" && (line.event as { type: string }).type === "agent_start",
		);
		expect(responseAt).toBeLessThan(startAt);
		expect(await readFile(join(fixture.cwd, "notes.txt"), "utf8")).toBe("tide at 6\n");
		const updates = rpc.lines.filter(
			(line) => line.type === "event" && (line.event as { type: string }).type === "message_update",
		);
		expect(updates.length).toBeGreaterThan(0);
		for (const update of updates) expect(JSON.stringify(update)).not.toContain('"partial"');

		const state = await rpc.request({ type: "get_state" });
		expect(state.data).toMatchObject({
			model: { provider: "wire", id: "claude-wire", contextWindow: 200_000 },
			thinkingLevel: "off",
			running: false,
			approve: "all",
			queue: { steering: 0, followUp: 0 },
			session: ready.session,
			contextWindow: 200_000,
		});
		expect(state.data.contextTokens).toBeGreaterThan(0);

		const messages = await rpc.request({ type: "get_messages" });
		expect(messages.data.messages.map((message: { role: string }) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);

		const stats = await rpc.request({ type: "get_session_stats" });
		expect(stats.data).toMatchObject({
			path: (ready.session as { path: string }).path,
			userMessages: 1,
			assistantMessages: 2,
			failedResponses: 0,
			toolCalls: 1,
			tokens: { input: 100, output: 20 },
		});

		// The export shows each call as its tool declares it, and lists the session's tools.
		const exported = await rpc.request({ type: "export_html", path: "session.html" });
		const html = await readFile(exported.data.path, "utf8");
		expect(html).toContain(
			'<span class="tool-name">write</span> <code class="tool-summary">notes.txt</code>',
		);
		expect(html).toContain('<details class="tool-definition"><summary><span class="tool-name">bash</span>');

		const ended = await rpc.end();
		expect(ended.code).toBe(0);
		expect(ended.stderr).toBe("");
		expect(ended.stdout).not.toContain("sk-wire-secret-key");
		const responses = rpc.lines.filter((line) => line.type === "response");
		expect(responses).toHaveLength(5);
	});

	it("lists models with hasKey and switches model and thinking level", async () => {
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		const models = await rpc.request({ type: "list_models" });
		expect(models.data.models).toContainEqual(
			expect.objectContaining({ provider: "wire", id: "claude-wire", hasKey: true, current: true }),
		);
		expect(JSON.stringify(models)).not.toContain("sk-wire-secret-key");

		const switched = await rpc.request({ type: "set_model", model: "wire/claude-wire" });
		expect(switched).toMatchObject({
			success: true,
			data: { model: { provider: "wire", id: "claude-wire" } },
		});
		// The wire model does not reason: the level in effect is clamped, and the answer says so.
		const thinking = await rpc.request({ type: "set_thinking_level", level: "high" });
		expect(thinking).toMatchObject({ success: true, data: { thinkingLevel: "off" } });

		const unknown = await rpc.request({ type: "set_model", model: "wire/no-such-model" });
		expect(unknown).toMatchObject({ success: false, command: "set_model", error: { code: "failed" } });
		expect(unknown.error?.message).toContain('Unknown model "no-such-model"');
		expect(unknown.error?.message).toContain("claude-wire");
		expect((await rpc.end()).code).toBe(0);
	});
});

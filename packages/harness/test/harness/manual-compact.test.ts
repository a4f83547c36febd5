import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/index.js";
import { harnessFor, ofType, scriptedModel, textOf } from "./support/scripted.js";

describe("compact() asked for by the user", () => {
	it("summarises the older half of a small conversation, with the user's instructions, even with compaction disabled", async () => {
		const scripted = scriptedModel({
			agent: (_request, index) => ({
				content: [{ type: "text", text: `Answer number ${index} about the harbour.` }],
			}),
		});
		const { session, harness, events } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			systemPrompt: "x",
			compaction: { enabled: false },
		});
		for (const question of [
			"Where is the harbour?",
			"When does it open?",
			"Who runs it?",
			"Is there fuel?",
		]) {
			await harness.prompt(question);
		}
		const outcome = await harness.compact("Keep the opening hours.");
		expect(outcome.ok).toBe(true);
		expect(ofType(events, "compaction_end")).toMatchObject([
			{ reason: "manual", ok: true, willRetry: false },
		]);
		expect(JSON.stringify(scripted.summaryRequests()[0]!.context.messages)).toContain(
			"Keep the opening hours.",
		);
		const messages = session.buildContext().messages;
		expect(messages[0]!.role).toBe("compactionSummary");
		expect(messages.map(textOf)).toContain("Is there fuel?");
		expect(messages.map(textOf)).not.toContain("Where is the harbour?");
	});

	it("keeps the harness busy while it runs: prompts are refused and waitForIdle waits for the entry", async () => {
		const scripted = scriptedModel({
			agent: (_request, index) => ({ content: [{ type: "text", text: `Answer ${index}.` }] }),
		});
		const { session, harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: "/w" }).create(),
			systemPrompt: "x",
		});
		for (const question of ["One?", "Two?", "Three?"]) await harness.prompt(question);
		const compacting = harness.compact();
		expect(harness.running).toBe(true);
		// The run shell's busy error, the same as Agent's.
		await expect(harness.prompt("Four?")).rejects.toMatchObject({
			code: "busy",
			message: expect.stringMatching(/^AgentHarness\.prompt: a run is already in progress/),
		});
		await harness.waitForIdle();
		expect(session.getBranch().at(-1)?.type).toBe("compaction");
		expect((await compacting).ok).toBe(true);
		expect(harness.running).toBe(false);
	});
});

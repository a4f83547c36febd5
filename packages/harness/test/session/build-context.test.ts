import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { assistant, toolResult, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

function compaction(firstKeptEntryId: string | null, summary: string, strippedEntryIds?: string[]) {
	return {
		summary,
		firstKeptEntryId,
		tokensBefore: 5000,
		tokensAfter: 800,
		reason: "threshold" as const,
		method: "summary" as const,
		...(strippedEntryIds ? { strippedEntryIds } : {}),
	};
}

describe("buildContext", () => {
	it("gives the summary, the kept entries, then the entries after the latest compaction", async () => {
		const session = temp.track(await new SessionManager({ dir: await temp.make(), cwd: "/p" }).create());
		session.appendMessage(user("old 1"));
		session.appendMessage(assistant("old 2"));
		const firstCompaction = session.appendCompaction(compaction(null, "first summary"));
		session.appendMessage(user("between 1"));
		const kept = session.appendMessage(assistant("", "call_1"));
		const result = session.appendMessage(toolResult("call_1", "a very long output"));
		const latest = session.appendCompaction(compaction(kept.id, "second summary", [result.id]));
		const after = session.appendMessage(user("after"));

		const context = session.buildContext();
		expect(context.compaction).toEqual(latest);
		expect(context.messages).toEqual([
			{
				role: "compactionSummary",
				summary: "second summary",
				tokensBefore: 5000,
				timestamp: Date.parse(latest.timestamp),
			},
			assistant("", "call_1"),
			{
				...toolResult("call_1", ""),
				content: [{ type: "text", text: "[tool output removed during compaction]" }],
			},
			user("after"),
		]);
		expect(context.entryIds).toEqual([latest.id, kept.id, result.id, after.id]);
		// The entry in the session still holds the output; only the context drops it.
		expect(session.getEntry(result.id)).toMatchObject({
			message: toolResult("call_1", "a very long output"),
		});
		// At the first compaction's leaf, that one is the latest on the path.
		expect(session.buildContext(firstCompaction.id).messages).toEqual([
			{
				role: "compactionSummary",
				summary: "first summary",
				tokensBefore: 5000,
				timestamp: Date.parse(firstCompaction.timestamp),
			},
		]);
	});

	it("keeps nothing before the compaction when firstKeptEntryId is null or not on the path", async () => {
		const session = temp.track(await new SessionManager({ dir: await temp.make(), cwd: "/p" }).create());
		const a = session.appendMessage(user("a"));
		const elsewhere = session.appendMessage(assistant("other branch"));
		session.branch(a.id);
		session.appendMessage(assistant("b"));
		const viaOtherBranch = session.appendCompaction(compaction(elsewhere.id, "s"));
		expect(session.buildContext().entryIds).toEqual([viaOtherBranch.id]);
		session.branch(a.id);
		const none = session.appendCompaction(compaction(null, "s"));
		const next = session.appendMessage(user("next"));
		expect(session.buildContext().entryIds).toEqual([none.id, next.id]);
	});

	it("turns branch summaries and custom messages into their message kinds and leaves out data entries", async () => {
		const session = temp.track(await new SessionManager({ dir: await temp.make(), cwd: "/p" }).create());
		const a = session.appendMessage(user("a"));
		session.appendMessage(assistant("b"));
		const summary = session.branchWithSummary(a.id, "the other path");
		session.appendCustom("app-state", { hidden: true });
		session.appendCompactionFailed({ reason: "overflow", error: "nothing to cut", tokens: 1 });
		session.appendModelChange({ provider: "openai", id: "gpt-test" });
		session.appendThinkingLevelChange("low");
		const custom = session.appendCustomMessage("reminder", [{ type: "text", text: "remember" }], {
			display: false,
			details: { from: "hook" },
		});
		const context = session.buildContext();
		expect(context.entryIds).toEqual([a.id, summary.id, custom.id]);
		expect(context.messages[1]).toEqual({
			role: "branchSummary",
			summary: "the other path",
			fromId: summary.fromId,
			timestamp: Date.parse(summary.timestamp),
		});
		expect(context.messages[2]).toEqual({
			role: "custom",
			customType: "reminder",
			content: [{ type: "text", text: "remember" }],
			display: false,
			details: { from: "hook" },
			timestamp: Date.parse(custom.timestamp),
		});
	});

	it("reports the model and thinking level in force on the whole path, including before the compaction", async () => {
		const session = temp.track(await new SessionManager({ dir: await temp.make(), cwd: "/p" }).create());
		session.appendModelChange({ provider: "anthropic", id: "claude-a", api: "anthropic-messages" });
		session.appendThinkingLevelChange("high");
		const u = session.appendMessage(user("u"));
		session.appendModelChange({ provider: "openai", id: "gpt-b" });
		session.appendCompaction(compaction(null, "s"));
		expect(session.buildContext()).toMatchObject({
			model: { provider: "openai", modelId: "gpt-b" },
			thinkingLevel: "high",
		});
		expect(session.buildContext().model).not.toHaveProperty("api");
		// On another branch, the changes of this one are not in force.
		expect(session.buildContext(u.id)).toMatchObject({
			model: { provider: "anthropic", modelId: "claude-a", api: "anthropic-messages" },
			thinkingLevel: "high",
		});
		session.branch(null);
		session.appendMessage(user("fresh"));
		const fresh = session.buildContext();
		expect(fresh.model).toBeUndefined();
		expect(fresh.thinkingLevel).toBeUndefined();
		expect(fresh.compaction).toBeUndefined();
	});

	it("is empty before the first entry", async () => {
		const session = SessionManager.inMemory({ cwd: "/p" });
		const empty = temp.track(await session.create());
		expect(empty.buildContext()).toEqual({ messages: [], entryIds: [] });
	});
});

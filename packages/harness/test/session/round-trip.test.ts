import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createEntryId } from "../../src/session/entry-id.js";
import { SESSION_FORMAT_VERSION, type SessionEntry, SessionManager } from "../../src/session/index.js";
import { assistant, jsonLines, MANAGER_KINDS, reopen, toolResult, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

describe.each(MANAGER_KINDS)("session round-trip (%s)", (_kind, makeManager) => {
	it("reads back every entry type exactly as it was appended", async () => {
		const manager = makeManager(await temp.make());
		const session = await manager.create({ name: "first name" });
		const written: SessionEntry[] = [...session.getEntries()];
		const first = session.appendMessage(user("read a.txt"));
		written.push(first);
		written.push(
			session.appendModelChange({ provider: "anthropic", id: "claude-test", api: "anthropic-messages" }),
		);
		written.push(session.appendThinkingLevelChange("high"));
		written.push(session.appendMessage(assistant("", "call_1")));
		written.push(session.appendMessage(toolResult("call_1", "contents of a.txt")));
		written.push(
			session.appendCompaction({
				summary: "read a.txt",
				firstKeptEntryId: first.id,
				tokensBefore: 1200,
				tokensAfter: 300,
				reason: "manual",
				method: "fallback",
				summaryError: "summariser overflowed",
				strippedEntryIds: [],
				files: { read: ["a.txt"], modified: [] },
				instructions: "keep file names",
			}),
		);
		written.push(
			session.appendCompactionFailed({ reason: "overflow", error: "nothing to cut", tokens: 9000 }),
		);
		written.push(session.appendCustom("app-state", { cursor: 3, nested: { ok: true } }));
		written.push(
			session.appendCustomMessage("reminder", "stay on task", {
				display: false,
				details: { source: "hook" },
			}),
		);
		written.push(session.setLabel(first.id, "start"));
		written.push(session.setName("second name"));
		const leafBefore = session.leafId;
		const summary = session.branchWithSummary(first.id, "went down another path");
		written.push(summary);
		session.branch(first.id);
		written.push(session.getEntries().at(-1) as SessionEntry);
		await session.close();

		const reopened = await reopen(manager, session, { readOnly: true });
		expect(reopened.issues).toEqual([]);
		expect(reopened.header).toEqual(session.header);
		expect(reopened.getEntries()).toEqual(written);
		expect(reopened.name).toBe("second name");
		expect(reopened.getLabel(first.id)).toBe("start");
		expect(reopened.leafId).toBe(first.id);
		expect(summary).toMatchObject({ type: "branch_summary", parentId: first.id, fromId: leafBefore });
		expect(written.at(-1)).toMatchObject({ type: "leaf", targetId: first.id });
		expect(new Set(written.map((entry) => entry.type))).toEqual(
			new Set([
				"session_name",
				"message",
				"model_change",
				"thinking_level_change",
				"compaction",
				"compaction_failed",
				"custom",
				"custom_message",
				"label",
				"leaf",
				"branch_summary",
			]),
		);
	});
});

describe("session files", () => {
	it("writes JSONL: the header first, then one line per entry with unique 8-hex ids", async () => {
		const dir = await temp.make();
		const session = temp.track(await new SessionManager({ dir, cwd: "/work/project" }).create());
		for (let index = 0; index < 50; index++) session.appendMessage(user(`message ${index}`));
		session.setName("named");
		const lines = jsonLines(await readFile(session.path as string, "utf8"));
		expect(lines[0]).toMatchObject({
			type: "session",
			version: SESSION_FORMAT_VERSION,
			cwd: "/work/project",
		});
		expect(lines[0]?.id).toBe(session.id);
		expect(session.path).toContain(`_${session.id}.jsonl`);
		expect(session.path).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_/);
		const ids = lines.slice(1).map((line) => line.id as string);
		expect(ids).toHaveLength(51);
		expect(new Set(ids).size).toBe(51);
		for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}$/);
	});

	it("makes an append visible in the file as soon as the call returns", async () => {
		const dir = await temp.make();
		const session = temp.track(await new SessionManager({ dir, cwd: "/p", fsync: "never" }).create());
		const entry = session.appendMessage(user("durable before notify"));
		const last = jsonLines(await readFile(session.path as string, "utf8")).at(-1);
		expect(last).toEqual(entry);
	});

	it("grows an id past 8 characters only when 8 keep colliding", () => {
		let refusals = 8;
		const id = createEntryId({ has: () => refusals-- > 0 });
		expect(id).toMatch(/^[0-9a-f]{10}$/);
		expect(createEntryId(new Set())).toMatch(/^[0-9a-f]{8}$/);
	});

	it("refuses appends to a read-only session and to a closed one", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const session = await manager.create();
		session.appendMessage(user("hello"));
		const readOnly = await manager.open(session.path as string, { readOnly: true });
		expect(readOnly.readOnly).toBe(true);
		expect(() => readOnly.appendMessage(user("no"))).toThrow(/read-only; fork it/);
		await session.close();
		await session.close();
		expect(() => session.appendMessage(user("no"))).toThrow(/closed/);
		const reopened = await manager.open(session.path as string, { readOnly: true });
		expect(reopened.getEntries()).toHaveLength(1);
	});
});

import { describe, expect, it } from "vitest";
import type { SessionTreeNode } from "../../src/session/index.js";
import { assistant, MANAGER_KINDS, reopen, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

/** The tree as nested ids, for comparing shapes. */
function shape(nodes: SessionTreeNode[]): unknown[] {
	return nodes.map((node) => (node.children.length ? [node.entry.id, shape(node.children)] : node.entry.id));
}

describe.each(MANAGER_KINDS)("branching (%s)", (_kind, makeManager) => {
	it("persists a leaf move and restores it on reopen; the next append starts a branch there", async () => {
		const manager = makeManager(await temp.make());
		const session = await manager.create();
		const a = session.appendMessage(user("a"));
		const b = session.appendMessage(assistant("b"));
		session.appendMessage(user("c"));
		session.branch(b.id);
		expect(session.leafId).toBe(b.id);
		await session.close();

		const reopened = temp.track(await reopen(manager, session));
		expect(reopened.leafId).toBe(b.id);
		const d = reopened.appendMessage(user("d"));
		expect(d.parentId).toBe(b.id);
		expect(reopened.getBranch().map((entry) => entry.id)).toEqual([a.id, b.id, d.id]);
		expect(reopened.getChildren(b.id).map((entry) => entry.id)).toHaveLength(2);
	});

	it("moves the leaf before the first entry with branch(null)", async () => {
		const manager = makeManager(await temp.make());
		const session = await manager.create();
		session.appendMessage(user("a"));
		session.branch(null);
		expect(session.leafId).toBeNull();
		expect(session.getBranch()).toEqual([]);
		await session.close();
		const reopened = temp.track(await reopen(manager, session));
		expect(reopened.leafId).toBeNull();
		const root = reopened.appendMessage(user("second root"));
		expect(root.parentId).toBeNull();
		expect(reopened.getChildren(null)).toHaveLength(2);
	});

	it("branchWithSummary puts the summary of the abandoned path where the new branch starts", async () => {
		const manager = makeManager(await temp.make());
		const session = temp.track(await manager.create());
		const a = session.appendMessage(user("a"));
		session.appendMessage(assistant("b"));
		const c = session.appendMessage(user("c"));
		const summary = session.branchWithSummary(a.id, "tried c, it failed");
		expect(summary).toMatchObject({ parentId: a.id, fromId: c.id, summary: "tried c, it failed" });
		expect(session.leafId).toBe(summary.id);
		const context = session.buildContext();
		expect(context.messages.map((message) => message.role)).toEqual(["user", "branchSummary"]);
		expect(context.messages[1]).toMatchObject({ summary: "tried c, it failed", fromId: c.id });
		expect(context.entryIds).toEqual([a.id, summary.id]);
	});

	it("builds the tree: roots first, children in file order, labels on the nodes", async () => {
		const manager = makeManager(await temp.make());
		const session = await manager.create();
		const a = session.appendMessage(user("a"));
		const b = session.appendMessage(assistant("b"));
		const c = session.appendMessage(user("c"));
		session.branch(a.id);
		const d = session.appendMessage(assistant("d"));
		session.branch(b.id);
		const e = session.appendMessage(user("e"));
		session.branch(null);
		const f = session.appendCustom("note", { root: 2 });
		session.setLabel(b.id, "fork point");
		await session.close();

		const reopened = temp.track(await reopen(manager, session, { readOnly: true }));
		const tree = reopened.getTree();
		expect(shape(tree)).toEqual([[a.id, [[b.id, [c.id, e.id]], d.id]], f.id]);
		expect(tree[0]?.children[0]?.label).toBe("fork point");
		expect(tree[0]?.label).toBeUndefined();
		expect(reopened.getChildren(a.id).map((entry) => entry.id)).toEqual([b.id, d.id]);
		expect(reopened.getBranch(e.id).map((entry) => entry.id)).toEqual([a.id, b.id, e.id]);
		expect(() => reopened.getBranch("nope")).toThrow(/No tree entry nope/);
	});

	it("sets, changes and clears labels without moving the leaf; they survive a reopen", async () => {
		const manager = makeManager(await temp.make());
		const session = await manager.create();
		const a = session.appendMessage(user("a"));
		const b = session.appendMessage(assistant("b"));
		session.setLabel(a.id, "one");
		session.setLabel(b.id, "two");
		session.setLabel(a.id, "uno");
		session.setLabel(b.id, null);
		expect(session.leafId).toBe(b.id);
		expect(() => session.setLabel("missing", "x")).toThrow(/No tree entry missing/);
		await session.close();
		const reopened = temp.track(await reopen(manager, session, { readOnly: true }));
		expect(reopened.getLabel(a.id)).toBe("uno");
		expect(reopened.getLabel(b.id)).toBeUndefined();
		expect(reopened.leafId).toBe(b.id);
	});

	it("handles a 10,000-entry chain without recursion limits", async () => {
		const manager = makeManager(await temp.make());
		const session = temp.track(await manager.create());
		for (let index = 0; index < 10_000; index++) session.appendCustom("step", index);
		expect(session.getBranch()).toHaveLength(10_000);
		let depth = 0;
		for (let node = session.getTree()[0]; node; node = node.children[0]) depth++;
		expect(depth).toBe(10_000);
	});
});

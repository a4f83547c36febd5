import type { SessionTreeNode, TreeEntry } from "@kestrel/harness";
import { describe, expect, it } from "vitest";
import { treeRows } from "../../src/format/tree-rows.js";

function node(
	id: string,
	parentId: string | null,
	children: SessionTreeNode[] = [],
	label?: string,
): SessionTreeNode {
	const entry: TreeEntry = {
		type: "thinking_level_change",
		id,
		parentId,
		timestamp: "",
		thinkingLevel: "off",
	};
	return { entry, children, ...(label === undefined ? {} : { label }) };
}

describe("treeRows", () => {
	it("indents only below forks and marks the current leaf, its path and the tips", () => {
		const tree = [
			node("a", null, [node("b", "a", [node("c", "b"), node("d", "b", [node("e", "d")], "kept")])]),
		];
		const rows = treeRows(tree, "e");
		expect(
			rows.map((row) => [
				row.entry.id,
				row.depth,
				row.onCurrentPath,
				row.isTip,
				row.isCurrentLeaf,
				row.label,
			]),
		).toEqual([
			["a", 0, true, false, false, undefined],
			["b", 0, true, false, false, undefined],
			["c", 1, false, true, false, undefined],
			["d", 1, true, false, false, "kept"],
			["e", 1, true, true, true, undefined],
		]);
	});

	it("says for each fork above a row whether a later branch follows, and which rows start a branch", () => {
		const tree = [node("a", null, [node("b", "a", [node("c", "b")]), node("d", "a")]), node("z", null)];
		expect(treeRows(tree, null).map((row) => [row.entry.id, row.laterBranches, row.startsBranch])).toEqual([
			["a", [true], true],
			["b", [true, true], true],
			["c", [true, true], false],
			["d", [true, false], true],
			["z", [false], true],
		]);
	});

	it("handles a long unbranched session without recursion", () => {
		let tip = node("n0", null);
		const root = tip;
		for (let index = 1; index < 50_000; index++) {
			const next = node(`n${index}`, tip.entry.id);
			tip.children.push(next);
			tip = next;
		}
		const rows = treeRows([root], tip.entry.id);
		expect(rows).toHaveLength(50_000);
		expect(rows.every((row) => row.depth === 0 && row.onCurrentPath)).toBe(true);
	});

	it("marks nothing current for an empty leaf", () => {
		expect(treeRows([node("a", null)], null)[0]).toMatchObject({
			onCurrentPath: false,
			isCurrentLeaf: false,
		});
	});
});

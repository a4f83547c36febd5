import type { SessionTreeNode } from "@kestrel/harness";
import { nodePreview } from "../../format/node-preview.js";
import { treeConnectors, treeRows } from "../../format/tree-rows.js";
import type { PickerOption } from "../ui-state.js";

/**
 * The picker rows of a session tree, depth first, drawn with tree lines (`├─`, `└─`, `│`)
 * that grow only where the tree branches, so a long linear conversation stays flush left
 * and each branch reads as one; labels and the current leaf are shown as hints.
 */
export function sessionTreeOptions(roots: readonly SessionTreeNode[], leafId: string | null): PickerOption[] {
	return treeRows(roots, leafId).map((row) => ({
		label: `${treeConnectors(row)}${nodePreview(row.entry)}`,
		hint: [row.label ? `[${row.label}]` : "", row.isCurrentLeaf ? "← current" : ""].filter(Boolean).join(" "),
		value: row.entry.id,
	}));
}

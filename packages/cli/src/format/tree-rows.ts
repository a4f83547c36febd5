import type { SessionTreeNode, TreeEntry } from "@kestrel/harness";

/**
 * One line of a session tree shown as a list (the HTML export, the `/tree` picker): an entry,
 * where it sits, and how it relates to the current leaf.
 */
export interface TreeRow {
	entry: TreeEntry;
	/** Forks above this entry: entries of one unbranched stretch share a depth. */
	depth: number;
	label?: string;
	/** No entry follows this one: the tip of a branch. */
	isTip: boolean;
	/** The session's current leaf. */
	isCurrentLeaf: boolean;
	/** On the path from the root to the current leaf. */
	onCurrentPath: boolean;
}

/**
 * The tree in display order (depth first, children in file order), with indentation only
 * where the conversation forks, so a long linear session stays flat. Iterative, so a
 * session of any length cannot overflow the stack.
 */
export function treeRows(tree: readonly SessionTreeNode[], leafId: string | null): TreeRow[] {
	const currentPath = new Set<string>();
	const parents = new Map<string, string | null>();
	const stack: { node: SessionTreeNode; depth: number }[] = [];
	for (let index = tree.length - 1; index >= 0; index--) {
		stack.push({ node: tree[index] as SessionTreeNode, depth: 0 });
	}
	const ordered: { node: SessionTreeNode; depth: number }[] = [];
	while (stack.length > 0) {
		const item = stack.pop() as { node: SessionTreeNode; depth: number };
		ordered.push(item);
		const { children } = item.node;
		const childDepth = children.length > 1 ? item.depth + 1 : item.depth;
		for (let index = children.length - 1; index >= 0; index--) {
			const child = children[index] as SessionTreeNode;
			parents.set(child.entry.id, item.node.entry.id);
			stack.push({ node: child, depth: childDepth });
		}
	}
	for (let at: string | null | undefined = leafId; at && !currentPath.has(at); at = parents.get(at)) {
		currentPath.add(at);
	}
	return ordered.map(({ node, depth }) => ({
		entry: node.entry,
		depth,
		...(node.label === undefined ? {} : { label: node.label }),
		isTip: node.children.length === 0,
		isCurrentLeaf: node.entry.id === leafId,
		onCurrentPath: currentPath.has(node.entry.id),
	}));
}

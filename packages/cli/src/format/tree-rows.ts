import type { SessionTreeNode, TreeEntry } from "@kestrel/harness";

/**
 * One line of a session tree shown as a list (the HTML export, the `/tree` picker): an entry,
 * where it sits, and how it relates to the current leaf.
 */
export interface TreeRow {
	entry: TreeEntry;
	/** Forks above this entry: entries of one unbranched stretch share a depth. */
	depth: number;
	/**
	 * One flag per fork above this entry (`depth` of them, outermost first): whether the
	 * branch taken there has a later sibling, so a guide line runs on past this row.
	 */
	laterBranches: readonly boolean[];
	/** The first entry of a branch: a child of an entry with more than one child. */
	startsBranch: boolean;
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
 * where the conversation forks (several roots count as a fork), so a long linear session
 * stays flat. Iterative, so a
 * session of any length cannot overflow the stack.
 */
export function treeRows(tree: readonly SessionTreeNode[], leafId: string | null): TreeRow[] {
	const currentPath = new Set<string>();
	const parents = new Map<string, string | null>();
	const stack: Placed[] = [];
	// Several roots (the first message asked again) are branches too.
	const rootsFork = tree.length > 1;
	for (let index = tree.length - 1; index >= 0; index--) {
		stack.push({
			node: tree[index] as SessionTreeNode,
			laterBranches: rootsFork ? [index < tree.length - 1] : [],
			startsBranch: rootsFork,
		});
	}
	const ordered: Placed[] = [];
	while (stack.length > 0) {
		const item = stack.pop() as Placed;
		ordered.push(item);
		const { children } = item.node;
		const forks = children.length > 1;
		for (let index = children.length - 1; index >= 0; index--) {
			const child = children[index] as SessionTreeNode;
			parents.set(child.entry.id, item.node.entry.id);
			stack.push({
				node: child,
				laterBranches: forks ? [...item.laterBranches, index < children.length - 1] : item.laterBranches,
				startsBranch: forks,
			});
		}
	}
	for (let at: string | null | undefined = leafId; at && !currentPath.has(at); at = parents.get(at)) {
		currentPath.add(at);
	}
	return ordered.map(({ node, laterBranches, startsBranch }) => ({
		entry: node.entry,
		depth: laterBranches.length,
		laterBranches,
		startsBranch,
		...(node.label === undefined ? {} : { label: node.label }),
		isTip: node.children.length === 0,
		isCurrentLeaf: node.entry.id === leafId,
		onCurrentPath: currentPath.has(node.entry.id),
	}));
}

interface Placed {
	node: SessionTreeNode;
	laterBranches: readonly boolean[];
	startsBranch: boolean;
}

/**
 * The tree lines in front of a row, three columns per fork above it: `├─ ` or `└─ ` (the
 * last branch) where a branch starts, `│  ` beside the rows of a branch that has later
 * siblings, blanks otherwise. Empty for rows above every fork.
 */
export function treeConnectors(row: Pick<TreeRow, "laterBranches" | "startsBranch">): string {
	const last = row.laterBranches.length - 1;
	return row.laterBranches
		.map((later, level) => {
			if (level === last && row.startsBranch) return later ? "├─ " : "└─ ";
			return later ? "│  " : "   ";
		})
		.join("");
}

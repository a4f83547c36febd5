import type { SessionEntry, SessionTreeNode, TreeEntry } from "./types.js";

/**
 * The entries of one session, indexed: by id, children per parent, labels, the leaf and
 * the name. `add` expects entries already validated (known parents, unique ids).
 */
export class SessionTree {
	readonly entries: SessionEntry[] = [];
	private readonly byId = new Map<string, SessionEntry>();
	private readonly children = new Map<string | null, TreeEntry[]>();
	private readonly labels = new Map<string, string>();
	private leaf: string | null = null;
	private sessionName: string | undefined;

	constructor(entries: Iterable<SessionEntry> = []) {
		for (const entry of entries) this.add(entry);
	}

	get leafId(): string | null {
		return this.leaf;
	}

	get name(): string | undefined {
		return this.sessionName;
	}

	add(entry: SessionEntry): void {
		this.entries.push(entry);
		this.byId.set(entry.id, entry);
		switch (entry.type) {
			case "label":
				if (entry.label === null) this.labels.delete(entry.targetId);
				else this.labels.set(entry.targetId, entry.label);
				return;
			case "session_name":
				this.sessionName = entry.name;
				return;
			case "leaf":
				this.leaf = entry.targetId;
				return;
			default: {
				const siblings = this.children.get(entry.parentId);
				if (siblings) siblings.push(entry);
				else this.children.set(entry.parentId, [entry]);
				this.leaf = entry.id;
			}
		}
	}

	has(id: string): boolean {
		return this.byId.has(id);
	}

	get(id: string): SessionEntry | undefined {
		return this.byId.get(id);
	}

	/** The tree entry `id`, or a thrown error saying it is not one. */
	getTreeEntry(id: string): TreeEntry {
		const entry = this.byId.get(id);
		if (!entry || isAnnotation(entry)) {
			throw new Error(`No tree entry ${id} in this session; pass the id of a message or another tree entry.`);
		}
		return entry;
	}

	/** Root to `leafId`, O(depth). */
	getBranch(leafId: string | null): TreeEntry[] {
		const path: TreeEntry[] = [];
		let current = leafId === null ? undefined : this.getTreeEntry(leafId);
		while (current) {
			path.push(current);
			current = current.parentId === null ? undefined : (this.byId.get(current.parentId) as TreeEntry);
		}
		return path.reverse();
	}

	getChildren(id: string | null): TreeEntry[] {
		return [...(this.children.get(id) ?? [])];
	}

	getLabel(id: string): string | undefined {
		return this.labels.get(id);
	}

	/** O(entries), without recursion: a 50,000-entry chain is 50,000 levels deep. */
	getTree(): SessionTreeNode[] {
		const nodes = new Map<string, SessionTreeNode>();
		const roots: SessionTreeNode[] = [];
		for (const entry of this.entries) {
			if (isAnnotation(entry)) continue;
			const node: SessionTreeNode = { entry, children: [] };
			const label = this.labels.get(entry.id);
			if (label !== undefined) node.label = label;
			nodes.set(entry.id, node);
			const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
			(parent ? parent.children : roots).push(node);
		}
		return roots;
	}
}

export function isAnnotation(entry: SessionEntry): entry is Exclude<SessionEntry, TreeEntry> {
	return entry.type === "label" || entry.type === "session_name" || entry.type === "leaf";
}

import { restoreImages, type Session, type SessionTreeNode, type TreeEntry } from "@kestrel/harness";

/**
 * The tree with every stored image given its data back (`Session.readBlob`, through the
 * harness's own `restoreImages`), so the page can show it inline; a missing blob becomes
 * the harness's "image unavailable" text. Entries without images are returned as they are.
 */
export function resolveBlobImages(session: Pick<Session, "getTree" | "readBlob">): SessionTreeNode[] {
	const load = (blob: string) => session.readBlob({ type: "image", mimeType: "", blob });
	const roots: SessionTreeNode[] = [];
	// Iterative: a long session is a deep chain, too deep for recursion.
	const stack: { source: readonly SessionTreeNode[]; target: SessionTreeNode[] }[] = [
		{ source: session.getTree(), target: roots },
	];
	while (stack.length > 0) {
		const { source, target } = stack.pop()!;
		for (const node of source) {
			const copy: SessionTreeNode = { ...node, entry: withImages(node.entry, load), children: [] };
			target.push(copy);
			if (node.children.length > 0) stack.push({ source: node.children, target: copy.children });
		}
	}
	return roots;
}

function withImages(entry: TreeEntry, load: (blob: string) => string | undefined): TreeEntry {
	if (entry.type === "custom_message") {
		const content = restoreImages(entry.content, load);
		return content === entry.content ? entry : ({ ...entry, content } as TreeEntry);
	}
	if (entry.type !== "message") return entry;
	const message = entry.message as { content?: unknown };
	const content = restoreImages(message.content, load);
	return content === message.content
		? entry
		: ({ ...entry, message: { ...entry.message, content } } as TreeEntry);
}

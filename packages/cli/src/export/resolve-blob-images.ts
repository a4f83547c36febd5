import type { BlobImageRef, SessionTreeNode, TreeEntry } from "@kestrel/harness";

/** Reads a stored image's base64 data (`Session.readBlob`); `undefined` when it is missing. */
export type BlobReader = (ref: BlobImageRef) => string | undefined;

/**
 * The tree with every stored image (`{ type: "image", blob }`) given its data back, so the
 * page can show it inline. A missing blob stays a reference (the page shows a
 * placeholder). Entries without images are returned as they are.
 */
export function resolveBlobImages(tree: readonly SessionTreeNode[], readBlob: BlobReader): SessionTreeNode[] {
	// Iterative: a long session is a deep chain, too deep for recursion.
	const roots: SessionTreeNode[] = [];
	const stack: { source: readonly SessionTreeNode[]; target: SessionTreeNode[] }[] = [
		{ source: tree, target: roots },
	];
	while (stack.length > 0) {
		const { source, target } = stack.pop()!;
		for (const node of source) {
			const copy: SessionTreeNode = { ...node, entry: withImages(node.entry, readBlob), children: [] };
			target.push(copy);
			if (node.children.length > 0) stack.push({ source: node.children, target: copy.children });
		}
	}
	return roots;
}

function withImages(entry: TreeEntry, readBlob: BlobReader): TreeEntry {
	if (entry.type === "custom_message" && Array.isArray(entry.content)) {
		return { ...entry, content: entry.content.map((block) => restore(block, readBlob)) } as TreeEntry;
	}
	if (entry.type !== "message") return entry;
	const content = (entry.message as { content?: unknown }).content;
	if (!Array.isArray(content) || !content.some(isBlobRef)) return entry;
	return {
		...entry,
		message: { ...entry.message, content: content.map((block) => restore(block, readBlob)) },
	} as TreeEntry;
}

function restore<T>(block: T, readBlob: BlobReader): T {
	if (!isBlobRef(block)) return block;
	const data = readBlob(block);
	return data === undefined ? block : ({ type: "image", mimeType: block.mimeType, data } as T);
}

function isBlobRef(block: unknown): block is BlobImageRef {
	return (
		typeof block === "object" &&
		block !== null &&
		(block as { type?: unknown }).type === "image" &&
		typeof (block as { blob?: unknown }).blob === "string"
	);
}

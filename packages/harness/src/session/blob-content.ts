import { createHash } from "node:crypto";
import type { AgentMessage } from "@kestrel/agent-core";
import type { ImageContent, TextContent } from "@kestrel/ai";
import type { BlobStore } from "./blob-store.js";
import type { BlobImageRef } from "./types.js";

type Block = TextContent | ImageContent | BlobImageRef | { type: string };
const BLOB_PREFIX = "sha256:";

/** The roles whose `content` may hold images. */
const IMAGE_ROLES = new Set(["user", "toolResult", "custom"]);

/** A blob's name in the store: the SHA-256 of its bytes, in lowercase hexadecimal. */
export const BLOB_HASH = /^[0-9a-f]{64}$/;

/** Every `sha256:<hex>` reference in a text, wherever it stands (pruning searches whole files). */
export const BLOB_REFERENCE = /sha256:([0-9a-f]{64})/g;

/**
 * The hash part of a `sha256:<hex>` reference, or `undefined` for anything else. Entries
 * come from files, so a hand-edited reference may be any value.
 */
export function blobHash(ref: unknown): string | undefined {
	if (typeof ref !== "string" || !ref.startsWith(BLOB_PREFIX)) return undefined;
	const hash = ref.slice(BLOB_PREFIX.length);
	return BLOB_HASH.test(hash) ? hash : undefined;
}

/** Every blob hash a content array refers to. */
export function blobHashesOf(content: unknown): string[] {
	if (!Array.isArray(content)) return [];
	const hashes: string[] = [];
	for (const block of content as Block[]) {
		if (block?.type === "image" && "blob" in block) {
			const hash = blobHash(block.blob);
			if (hash) hashes.push(hash);
		}
	}
	return hashes;
}

/** The content of a message or custom-message entry, if it may hold images. */
export function imageBearingContent(value: { role?: unknown; content?: unknown }): unknown[] | undefined {
	return IMAGE_ROLES.has(value.role as string) && Array.isArray(value.content) ? value.content : undefined;
}

/**
 * Moves inline images into the store: each `{type: "image", data}` block becomes a
 * {@link BlobImageRef}. Returns `content` itself when it holds no inline image.
 */
export function storeImages<T>(content: T, store: BlobStore): T {
	if (!Array.isArray(content) || !content.some(isInlineImage)) return content;
	return content.map((block: Block) => {
		if (!isInlineImage(block)) return block;
		const bytes = Buffer.from(block.data, "base64");
		const hash = createHash("sha256").update(bytes).digest("hex");
		store.put(hash, bytes);
		const ref: BlobImageRef = { type: "image", mimeType: block.mimeType, blob: `${BLOB_PREFIX}${hash}` };
		return ref;
	}) as T;
}

/** {@link storeImages} for the content of a message whose role may carry images. */
export function storeMessageImages(message: AgentMessage, store: BlobStore): AgentMessage {
	const content = imageBearingContent(message as { role?: unknown; content?: unknown });
	if (!content) return message;
	const stored = storeImages(content, store);
	return stored === content ? message : ({ ...message, content: stored } as AgentMessage);
}

/**
 * Puts the data back into {@link BlobImageRef}s: `load` returns the base64 data of a
 * blob, or `undefined` when it is missing, which gives a text block saying so. Returns
 * `content` itself when it holds no reference.
 */
export function restoreImages<T>(content: T, load: (ref: string) => string | undefined): T {
	if (!Array.isArray(content) || !content.some(isBlobRef)) return content;
	return content.map((block: Block) => {
		if (!isBlobRef(block)) return block;
		const data = load(block.blob);
		if (data === undefined) return { type: "text", text: `[image unavailable: ${block.blob} is missing]` };
		const image: ImageContent = { type: "image", data, mimeType: block.mimeType };
		return image;
	}) as T;
}

// Blocks come from files too: a hand-edited one may be null or not an object.
function isInlineImage(block: Block | null): block is ImageContent {
	return block?.type === "image" && typeof (block as ImageContent).data === "string";
}

function isBlobRef(block: Block | null): block is BlobImageRef {
	return block?.type === "image" && typeof (block as BlobImageRef).blob === "string";
}

import { createHash } from "node:crypto";
import type { Session, SessionHeader, SessionTreeNode } from "@kestrel/harness";
import type { DisplayLookup } from "../format/tool-views.js";
import { treeRows } from "../format/tree-rows.js";
import { entryHtml } from "./entry-html.js";
import { escapeHtml, jsonForScript } from "./escape-html.js";
import { EXPORT_SCRIPT } from "./export-script.js";
import { EXPORT_STYLES } from "./export-styles.js";
import { resolveBlobImages } from "./resolve-blob-images.js";
import { type ExportedToolDefinition, sessionHeaderHtml } from "./session-header-html.js";
import { sessionTitle } from "./session-title.js";
import { indexToolCalls } from "./tool-call-index.js";
import { treeHtml } from "./tree-html.js";

// No network, and no script but ours: a second line of defence behind the escaping.
const CONTENT_SECURITY_POLICY = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${createHash("sha256").update(EXPORT_SCRIPT).digest("base64")}'`;

/** What an export shows of a session: everything but the system prompt and tools comes from the session itself. */
export interface SessionExportData {
	header: SessionHeader;
	name?: string;
	/** The session file, if it has one. */
	path?: string;
	/** The current leaf: its branch is shown first and marked in the tree. */
	leafId: string | null;
	/** `Session.getTree()`: every branch, with labels. */
	tree: readonly SessionTreeNode[];
	/** The system prompt the agent runs with, shown folded (sessions do not store it; the exporter may know it). */
	systemPrompt?: string;
	/** The tools the agent was given, shown folded (likewise not stored in the session). */
	tools?: readonly ExportedToolDefinition[];
}

/** The export data of an open session, with stored images read back from the blob store. */
export function sessionExportData(session: Session): SessionExportData {
	return {
		header: session.header,
		...(session.name === undefined ? {} : { name: session.name }),
		...(session.path === undefined ? {} : { path: session.path }),
		leafId: session.leafId,
		tree: resolveBlobImages(session),
	};
}

/**
 * A session as one self-contained HTML page: the tree of every branch beside the
 * conversation of the current one, with a small script to show another branch on click.
 * Everything taken from the session is escaped; the page loads nothing from the network.
 */
export function renderSessionHtml(data: SessionExportData, displays?: DisplayLookup): string {
	const rows = treeRows(data.tree, data.leafId);
	const title = sessionTitle(data.name, rows, data.header.id);
	const treeData = {
		leafId: data.leafId,
		nodes: rows.map((row) => [row.entry.id, row.entry.parentId]),
	};
	const context = { displays, calls: indexToolCalls(rows.map((row) => row.entry)) };
	const entries = rows.map((row) =>
		entryHtml(row.entry, {
			visible: row.onCurrentPath,
			context,
			...(row.label === undefined ? {} : { label: row.label }),
		}),
	);
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<title>${escapeHtml(title)} · kestrel</title>
<style>${EXPORT_STYLES}</style>
</head>
<body>
<div class="layout">
<nav aria-label="Session tree"><h2>Tree</h2>${treeHtml(rows)}</nav>
<main>
${sessionHeaderHtml(data, title, rows)}
<section class="conversation">${entries.join("\n")}</section>
</main>
</div>
<script type="application/json" id="session-tree">${jsonForScript(treeData)}</script>
<script>${EXPORT_SCRIPT}</script>
</body>
</html>
`;
}

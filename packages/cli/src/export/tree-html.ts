import type { TreeEntry } from "@kestrel/harness";
import { nodePreview } from "../format/node-preview.js";
import type { TreeRow } from "../format/tree-rows.js";
import { escapeHtml } from "./escape-html.js";

/**
 * The tree as a list of buttons, one per entry, indented at forks; the current leaf and
 * its path are marked, labels shown. The script shows an entry's branch on click.
 */
export function treeHtml(rows: readonly TreeRow[]): string {
	const items = rows.map((row) => {
		const classes = ["node", `node-${nodeKind(row.entry)}`];
		if (isFailure(row.entry)) classes.push("node-error");
		if (row.onCurrentPath) classes.push("on-path");
		if (row.isCurrentLeaf) classes.push("current", "selected");
		if (row.isTip) classes.push("tip");
		const label = row.label ? `<span class="label">${escapeHtml(row.label)}</span>` : "";
		const current = row.isCurrentLeaf ? `<span class="current-mark">current</span>` : "";
		const id = escapeHtml(row.entry.id);
		return (
			`<li><button type="button" class="${classes.join(" ")}" data-id="${id}" style="padding-left:${0.4 + row.depth}em">` +
			`<span class="preview">${escapeHtml(preview(row.entry))}</span>${label}${current}</button></li>`
		);
	});
	return `<ol class="tree">${items.join("")}</ol>`;
}

function nodeKind(entry: TreeEntry): string {
	if (entry.type !== "message") return "note";
	const role = (entry.message as { role?: unknown }).role;
	return role === "user" || role === "assistant" || role === "toolResult" || role === "shell" ? role : "note";
}

/** A tool result that is an error, or a shell command that failed. */
function isFailure(entry: TreeEntry): boolean {
	if (entry.type !== "message") return false;
	const message = entry.message;
	if (message.role === "toolResult") return message.isError;
	if (message.role === "shell") return message.cancelled === true || message.exitCode !== 0;
	return false;
}

/** The shared one-line preview, except that the user's shell commands read as typed. */
function preview(entry: TreeEntry): string {
	if (entry.type === "message" && entry.message.role === "shell") {
		return `$ ${String(entry.message.command).replace(/\s+/g, " ")}`;
	}
	return nodePreview(entry);
}

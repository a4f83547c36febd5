import type { TreeEntry } from "@kestrel/harness";
import type { DisplayLookup } from "../format/tool-views.js";
import { contentHtml } from "./content-html.js";
import { escapeHtml } from "./escape-html.js";
import { jsonHtml, messageView, plainTextHtml } from "./message-html.js";
import { renderMarkdown } from "./render-markdown.js";
import { formatTokens } from "./usage-totals.js";

/** How an entry is shown in the conversation. */
interface EntryView {
	kind: string;
	heading: string;
	body: string;
}

/**
 * One tree entry as an `<article>` of the conversation, `hidden` unless it is on the
 * branch shown first (the script shows other branches on demand).
 */
export function entryHtml(
	entry: TreeEntry,
	options: { visible: boolean; label?: string; displays?: DisplayLookup },
): string {
	const view = entryView(entry, options.displays);
	const label = options.label ? ` <span class="label">${escapeHtml(options.label)}</span>` : "";
	const time = `<time>${escapeHtml(shortTime(entry.timestamp))}</time>`;
	const id = escapeHtml(entry.id);
	return (
		`<article class="entry entry-${view.kind}" id="entry-${id}" data-id="${id}"${options.visible ? "" : " hidden"}>` +
		`<header><span class="heading">${escapeHtml(view.heading)}</span>${label}${time}</header>` +
		`<div class="body">${view.body}</div></article>`
	);
}

function entryView(entry: TreeEntry, displays: DisplayLookup | undefined): EntryView {
	switch (entry.type) {
		case "message":
			return messageView(entry.message, displays);
		case "model_change":
			return { kind: "note", heading: `Model → ${entry.provider}/${entry.modelId}`, body: "" };
		case "thinking_level_change":
			return { kind: "note", heading: `Thinking level → ${entry.thinkingLevel}`, body: "" };
		case "compaction": {
			const facts = [
				`${formatTokens(entry.tokensBefore)} → ${formatTokens(entry.tokensAfter)} tokens`,
				`reason: ${entry.reason}`,
				entry.method === "fallback" ? "deterministic fallback" : "summarised by the model",
			];
			const parts = [`<div class="facts">${escapeHtml(facts.join(" · "))}</div>`];
			if (entry.instructions)
				parts.push(`<div class="facts">Instructions: ${escapeHtml(entry.instructions)}</div>`);
			if (entry.summaryError)
				parts.push(`<div class="error">Summary failed: ${escapeHtml(entry.summaryError)}</div>`);
			parts.push(
				`<details class="summary"><summary>Summary</summary>${renderMarkdown(entry.summary)}</details>`,
			);
			return { kind: "compaction", heading: "Compaction", body: parts.join("") };
		}
		case "compaction_failed":
			return {
				kind: "compaction",
				heading: "Compaction failed",
				body: `<div class="error">${escapeHtml(`${entry.error} (${entry.reason}, ${formatTokens(entry.tokens)} tokens)`)}</div>`,
			};
		case "branch_summary":
			return {
				kind: "summary",
				heading: "Summary of the branch left here",
				body: renderMarkdown(entry.summary),
			};
		case "custom":
			return {
				kind: "note",
				heading: `Custom data: ${entry.customType}`,
				body: `<details><summary>Data</summary>${jsonHtml(entry.data)}</details>`,
			};
		case "custom_message":
			return {
				kind: "custom",
				heading: `Custom message: ${entry.customType}${entry.display ? "" : " (hidden from the user)"}`,
				body: contentHtml(entry.content, plainTextHtml),
			};
		default:
			return {
				kind: "note",
				heading: `Entry: ${String((entry as { type?: unknown }).type)}`,
				body: jsonHtml(entry),
			};
	}
}

/** `2026-11-29 15:24:13` from an ISO time (UTC as stored); anything else as it is. */
function shortTime(timestamp: string): string {
	return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(timestamp)
		? `${timestamp.slice(0, 10)} ${timestamp.slice(11, 19)}`
		: timestamp;
}

import type { TreeEntry } from "@kestrel/harness";
import { contentHtml } from "./content-html.js";
import { escapeHtml } from "./escape-html.js";
import {
	type EntryView,
	jsonHtml,
	type MessageContext,
	markdownHtml,
	messageView,
	plainTextHtml,
} from "./message-html.js";
import { formatTokens } from "./usage-totals.js";

/** How one entry is shown. */
export interface EntryOptions {
	/** On the branch shown first (the script shows other branches on demand). */
	visible: boolean;
	label?: string;
	/** The rest of the session, for messages: tool displays and which call each result answers. */
	context: Omit<MessageContext, "entryId">;
}

/** One tree entry as an `<article>` of the conversation, `hidden` unless `options.visible`. */
export function entryHtml(entry: TreeEntry, options: EntryOptions): string {
	const view = entryView(entry, { ...options.context, entryId: entry.id });
	const label = options.label ? `<span class="label">${escapeHtml(options.label)}</span>` : "";
	const time = `<time>${escapeHtml(shortTime(entry.timestamp))}</time>`;
	const id = escapeHtml(entry.id);
	return (
		`<article class="entry entry-${view.kind}" id="entry-${id}" data-id="${id}"${options.visible ? "" : " hidden"}>` +
		`<header><span class="heading">${view.heading}</span>${view.facts ?? ""}${label}${time}</header>` +
		`<div class="body">${view.body}</div></article>`
	);
}

function entryView(entry: TreeEntry, context: MessageContext): EntryView {
	switch (entry.type) {
		case "message":
			return messageView(entry.message, context);
		case "model_change":
			return { kind: "note", heading: escapeHtml(`Model → ${entry.provider}/${entry.modelId}`), body: "" };
		case "thinking_level_change":
			return { kind: "note", heading: escapeHtml(`Thinking level → ${entry.thinkingLevel}`), body: "" };
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
				`<details class="summary"><summary>Summary</summary>${markdownHtml(entry.summary)}</details>`,
			);
			return { kind: "compaction", heading: "Compaction", body: parts.join("") };
		}
		case "compaction_failed":
			return {
				kind: "compaction compaction-failed",
				heading: "Compaction failed",
				body: `<div class="error">${escapeHtml(`${entry.error} (${entry.reason}, ${formatTokens(entry.tokens)} tokens)`)}</div>`,
			};
		case "branch_summary":
			return {
				kind: "summary",
				heading: "Summary of the branch left here",
				body: markdownHtml(entry.summary),
			};
		case "custom":
			return {
				kind: "note",
				heading: escapeHtml(`Custom data: ${entry.customType}`),
				body: `<details><summary>Data</summary>${jsonHtml(entry.data)}</details>`,
			};
		case "custom_message":
			return {
				kind: "custom",
				heading: escapeHtml(
					`Custom message: ${entry.customType}${entry.display ? "" : " (hidden from the user)"}`,
				),
				body: contentHtml(entry.content, plainTextHtml),
			};
		default:
			return {
				kind: "note",
				heading: escapeHtml(`Entry: ${String((entry as { type?: unknown }).type)}`),
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

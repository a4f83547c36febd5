import type { Session, TreeEntry } from "@kestrel/harness";
import { messageText } from "../../format/message-text.js";
import type { NewTranscriptItem } from "../transcript-item.js";
import { itemsOfMessage } from "./message-items.js";

/** How many entries of a resumed branch are shown. */
export const HISTORY_ENTRIES = 40;

/** The transcript items of the current branch's last {@link HISTORY_ENTRIES} entries (on resume, `-c`, `/tree`). */
export function sessionHistory(session: Session, max = HISTORY_ENTRIES): NewTranscriptItem[] {
	const branch = session.getBranch();
	const shown = branch.slice(Math.max(0, branch.length - max));
	const args = new Map<string, Record<string, unknown>>();
	for (const entry of shown) {
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		for (const block of entry.message.content)
			if (block.type === "toolCall") args.set(block.id, block.arguments);
	}
	const items: NewTranscriptItem[] = [];
	if (shown.length < branch.length)
		items.push({ kind: "notice", text: `… ${branch.length - shown.length} earlier entries` });
	for (const entry of shown) items.push(...entryItems(entry, args));
	return items;
}

function entryItems(entry: TreeEntry, args: Map<string, Record<string, unknown>>): NewTranscriptItem[] {
	switch (entry.type) {
		case "message": {
			const message = entry.message;
			if (message.role !== "toolResult") return itemsOfMessage(message, true);
			return [
				{
					kind: "tool",
					name: message.toolName,
					args: args.get(message.toolCallId) ?? {},
					resultText: messageText(message.content),
					details: message.details,
					isError: message.isError,
				},
			];
		}
		case "compaction":
			return [{ kind: "notice", text: "[compaction] earlier messages were summarised" }];
		case "branch_summary":
			return [{ kind: "notice", text: "[branch summary] of an abandoned branch" }];
		case "model_change":
			return [{ kind: "notice", text: `model: ${entry.provider}/${entry.modelId}` }];
		default:
			return [];
	}
}

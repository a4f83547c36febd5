/**
 * A Responses function call has two ids: `call_id`, which its `function_call_output`
 * answers, and the output item's own `id` (`fc_…`), which the call needs when it is
 * replayed next to its reasoning item. Kestrel's `ToolCall.id` holds both as
 * `call_id|item_id` (pi's format, so transcripts move between the two), and a tool
 * result that answers that id answers `call_id`. An id without `|` (a server that sends
 * no item id, or a call made by another API) is the `call_id` alone.
 */
export function joinToolCallId(callId: string, itemId: string | undefined): string {
	return itemId ? `${callId}|${itemId}` : callId;
}

/** The two halves of a {@link joinToolCallId} id; `itemId` is undefined when there is none. */
export function splitToolCallId(id: string): { callId: string; itemId: string | undefined } {
	const bar = id.indexOf("|");
	if (bar < 0) return { callId: id, itemId: undefined };
	return { callId: id.slice(0, bar), itemId: id.slice(bar + 1) || undefined };
}

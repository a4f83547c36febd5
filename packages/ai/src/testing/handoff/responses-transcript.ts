import { type Json, turnFor, type WireTranscript, type WireTurn } from "./transcripts.js";

/**
 * OpenAI Responses `input` items. What the API (with `store: false`) rejects:
 * - a `function_call_output` whose `call_id` no open call has, or a call left without
 *   one before the next message ("No tool output found for function call");
 * - an item id (`fc_…`, `msg_…`) in an assistant turn without a reasoning item ("provided
 *   without its required 'reasoning' item"), a reasoning item not followed by the message
 *   or call it belongs to, and reasoning without `encrypted_content` (nothing to look up);
 * - a system or developer message after the first item.
 * A message id is signed material (it pairs the text with its reasoning), and so is a
 * call's item id.
 */
export function readResponsesBody(body: Json): WireTranscript {
	const turns: WireTurn[] = [];
	const problems: string[] = [];
	const awaiting = new Set<string>();
	let reasoningInTurn = false;
	let reasoningOpen = false;
	(body.input as Json[]).forEach((item, index) => {
		const assistantItem =
			item.type === "reasoning" ||
			item.type === "function_call" ||
			(item.type === "message" && item.role === "assistant");
		if (reasoningOpen && (!assistantItem || item.type === "reasoning")) {
			problems.push("a reasoning item without the item it belongs to");
		}
		reasoningOpen = item.type === "reasoning";
		if (item.role === "system" || item.role === "developer") {
			if (index > 0) problems.push("a system message after the first item");
			return;
		}
		if (item.type === "function_call_output") {
			const id = item.call_id as string;
			if (!awaiting.delete(id)) problems.push(`an output for ${id}, which no open call made`);
			const turn = turnFor(turns, "user");
			turn.results.push(id);
			turn.texts.push(item.output as string);
			return;
		}
		const startsTurn = !assistantItem || turns.at(-1)?.role !== "assistant";
		if (startsTurn && awaiting.size > 0) {
			problems.push(`a ${String(item.type ?? item.role)} item before every call was answered`);
		}
		if (!assistantItem) {
			readUserItem(turnFor(turns, "user"), item, problems);
			return;
		}
		if (turns.at(-1)?.role !== "assistant") reasoningInTurn = false;
		const turn = turnFor(turns, "assistant");
		if (item.type === "reasoning") {
			reasoningInTurn = true;
			if (typeof item.encrypted_content !== "string") problems.push("reasoning without encrypted_content");
			const summary = (item.summary as Json[]).map((part) => part.text as string).join("\n\n");
			turn.signed.push({ kind: "thinking", content: summary, signature: JSON.stringify(item) });
			return;
		}
		if (typeof item.id === "string" && !reasoningInTurn) {
			problems.push(`an item id (${item.id.slice(0, 12)}…) in a turn without reasoning`);
		}
		if (item.type === "function_call") {
			const id = item.call_id as string;
			turn.calls.push(id);
			awaiting.add(id);
			if (typeof item.id === "string") {
				turn.signed.push({ kind: "call", content: item.arguments as string, signature: item.id });
			}
			return;
		}
		const text = (item.content as Json[]).map((part) => part.text as string).join("");
		if (typeof item.id === "string") turn.signed.push({ kind: "text", content: text, signature: item.id });
		else turn.texts.push(text);
	});
	if (reasoningOpen) problems.push("a reasoning item without the item it belongs to");
	if (awaiting.size > 0) problems.push("the input ends before every call was answered");
	return { turns, problems };
}

function readUserItem(turn: WireTurn, item: Json, problems: string[]): void {
	if (item.role !== "user") problems.push(`unexpected item ${String(item.type ?? item.role)}`);
	const content =
		typeof item.content === "string" ? [{ type: "input_text", text: item.content }] : item.content;
	for (const part of content as Json[]) {
		if (part.type === "input_text") turn.texts.push(part.text as string);
		else if (part.type === "input_image") turn.images += 1;
		else problems.push(`unexpected user content ${String(part.type)}`);
	}
}

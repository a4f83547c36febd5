import type { RequestFacts } from "./request-facts.js";
import type { ConversationReply, ConversationScript, ConversationWhen } from "./script-schema.js";

/** The reply chosen for a request: its place in the script, for logs. */
export type ChosenReply =
	| { reply: ConversationReply; source: "replies"; index: number }
	| { reply: ConversationReply; source: "fallback" };

/**
 * Chooses the reply to a request, trying the script's replies in order:
 *
 * - a reply with `when` matches when every condition in it holds: `turn` equals the
 *   model-request number (from 1), `userMatches` is found in the user text sent since the
 *   model's last turn, `toolResultMatches` in the tool results sent since then. A request
 *   that ends with tool results has no new user text, so `userMatches` does not match
 *   again while the model works through its tool calls. Such a reply answers every
 *   request it matches.
 * - a reply without `when` matches once: the replies without `when` answer in their
 *   order, one per request, so a plain list of replies plays as a conversation.
 *
 * The first match answers; with none, the script's `fallback`, else undefined. `spent`
 * holds the indexes of the replies without `when` that have answered: the caller keeps
 * it across requests, and this function adds the one it chooses.
 */
export function chooseReply(
	script: Pick<ConversationScript, "replies" | "fallback">,
	facts: RequestFacts,
	spent: Set<number>,
): ChosenReply | undefined {
	for (const [index, reply] of script.replies.entries()) {
		if (reply.when === undefined) {
			if (spent.has(index)) continue;
			spent.add(index);
			return { reply, source: "replies", index };
		}
		if (matches(reply.when, facts)) return { reply, source: "replies", index };
	}
	return script.fallback ? { reply: script.fallback, source: "fallback" } : undefined;
}

/** Whether every condition of `when` holds for the request. */
export function matches(when: ConversationWhen, facts: RequestFacts): boolean {
	if (when.turn !== undefined && when.turn !== facts.turn) return false;
	if (when.userMatches !== undefined && !found(when.userMatches, facts.userText)) return false;
	if (when.toolResultMatches !== undefined && !found(when.toolResultMatches, facts.toolResultText))
		return false;
	return true;
}

function found(pattern: string, text: string | undefined): boolean {
	return text !== undefined && new RegExp(pattern).test(text);
}

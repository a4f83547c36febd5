import type { AssistantContent, AssistantMessage, Message, Model, ToolCall } from "../types.js";
import { isOwnMessage, replayAssistantBlock } from "./assistant-content.js";
import type { ReplayRules } from "./target-rules.js";
import { ToolCallIdAssigner } from "./tool-call-ids.js";
import { missingToolResult, replayToolResult, replayUserMessage } from "./user-and-tool-content.js";

/** A call of the last replayed assistant turn: its id in the history and in the request. */
interface PendingCall {
	originalId: string;
	call: ToolCall;
}

/**
 * The history as `target` may receive it: a new array of new messages (the input is
 * never changed; blocks that need no change are shared with it). Applied by every
 * provider before it converts messages, so that a conversation can move between models
 * and APIs at any turn.
 *
 * - Assistant turns that ended in `error` or `aborted` are skipped, together with the
 *   tool results that answer their calls: they may hold half a call or reasoning
 *   without the item it belongs to, and the model should go on from the last sound state.
 * - The target model's own signed material goes back byte-for-byte; another model's
 *   thinking is dropped and its signatures are stripped (see {@link replayAssistantBlock}
 *   and {@link ReplayRules}).
 * - Tool-call ids are mapped to the target's rule, the same way in the call and in its
 *   result (see {@link ToolCallIdAssigner}).
 * - Every call is answered: results follow their turn in history order, and a call
 *   left without one gets a synthetic error result right after them, before the next
 *   user or assistant message (or at the end). Results that answer no pending call
 *   (a skipped turn's, duplicates, strays) are left out.
 * - Images become a text note for a model that reads text only; unpaired surrogates are
 *   removed from all ordinary text.
 * - An assistant turn left with no content is left out.
 */
export function prepareReplay(messages: readonly Message[], target: Model, rules: ReplayRules): Message[] {
	const replayed: Message[] = [];
	const ids = new ToolCallIdAssigner(rules.toolCallIds);
	let turn: AssistantMessage | undefined;
	let pending: PendingCall[] = [];
	const answerPending = () => {
		if (turn) for (const { call } of pending) replayed.push(missingToolResult(call, turn));
		turn = undefined;
		pending = [];
	};
	for (const message of messages) {
		switch (message.role) {
			case "toolResult": {
				const index = pending.findIndex((entry) => entry.originalId === message.toolCallId);
				const [answered] = index >= 0 ? pending.splice(index, 1) : [];
				if (answered) replayed.push(replayToolResult(message, answered.call.id, target));
				break;
			}
			case "user":
				answerPending();
				replayed.push(replayUserMessage(message, target));
				break;
			case "assistant": {
				answerPending();
				if (message.stopReason === "error" || message.stopReason === "aborted") break;
				const content = replayAssistantContent(message, target, rules, ids);
				if (content.blocks.length === 0) break;
				replayed.push({ ...message, content: content.blocks });
				turn = message;
				pending = content.calls;
				break;
			}
		}
	}
	answerPending();
	return replayed;
}

function replayAssistantContent(
	message: AssistantMessage,
	target: Model,
	rules: ReplayRules,
	ids: ToolCallIdAssigner,
): { blocks: AssistantContent[]; calls: PendingCall[] } {
	const own = isOwnMessage(message, target);
	const blocks: AssistantContent[] = [];
	const calls: PendingCall[] = [];
	for (const block of message.content) {
		const replayedBlock = replayAssistantBlock(block, own, rules);
		if (!replayedBlock) continue;
		if (replayedBlock.type !== "toolCall") {
			blocks.push(replayedBlock);
			continue;
		}
		const id = ids.assign(replayedBlock.id, own);
		const call = id === replayedBlock.id ? replayedBlock : { ...replayedBlock, id };
		blocks.push(call);
		calls.push({ originalId: replayedBlock.id, call });
	}
	return { blocks, calls };
}

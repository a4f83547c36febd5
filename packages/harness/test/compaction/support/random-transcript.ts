import type { AgentMessage } from "@kestrel/agent-core";
import fc from "fast-check";
import type { CutItem } from "../../../src/compaction/cut-point.js";
import { assistant, call, result, user } from "./transcript.js";

/** One assistant message: its text size and the result sizes of its 0–3 tool calls. */
export interface StepShape {
	textTokens: number;
	callTokens: number[];
}

/** A turn: the user message's size and the assistant messages that follow it. */
export interface TurnShape {
	userTokens: number;
	steps: StepShape[];
}

const tokens = fc.integer({ min: 0, max: 3_000 });

/** Random transcripts: turns of a user message, then assistant messages each followed by exactly its calls' results. */
export const transcriptShape: fc.Arbitrary<TurnShape[]> = fc.array(
	fc.record({
		userTokens: tokens,
		steps: fc.array(fc.record({ textTokens: tokens, callTokens: fc.array(tokens, { maxLength: 3 }) }), {
			minLength: 1,
			maxLength: 4,
		}),
	}),
	{ minLength: 1, maxLength: 10 },
);

export const keepTokens = fc.integer({ min: 0, max: 40_000 });

/** The shape as cut items. */
export function cutItemsOf(shape: readonly TurnShape[]): CutItem[] {
	const items: CutItem[] = [];
	for (const turn of shape) {
		items.push({ kind: "user", tokens: turn.userTokens });
		for (const step of turn.steps) {
			items.push({ kind: "assistant", tokens: step.textTokens });
			for (const size of step.callTokens) items.push({ kind: "toolResult", tokens: size });
		}
	}
	return items;
}

/** The shape as messages, sized so that the estimator gives about the shape's token counts. */
export function messagesOf(shape: readonly TurnShape[]): AgentMessage[] {
	const messages: AgentMessage[] = [];
	let callNumber = 0;
	for (const turn of shape) {
		messages.push(user("u".repeat(turn.userTokens * 4)));
		for (const step of turn.steps) {
			const ids = step.callTokens.map(() => `call_${callNumber++}`);
			messages.push(
				assistant([
					{ type: "text", text: "a".repeat(step.textTokens * 4) },
					...ids.map((id) => call(id, "read", { path: `${id}.ts` })),
				]),
			);
			step.callTokens.forEach((size, index) => {
				messages.push(result(ids[index]!, "read", "r".repeat(size * 4)));
			});
		}
	}
	return messages;
}

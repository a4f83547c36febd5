import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantContent, AssistantMessage, ToolResultMessage, UserMessage } from "@kestrel/ai";

/** Deterministic filler text of `length` characters, with line breaks and quotes like real output. */
export function filler(length: number, seed = 0): string {
	const words = ["alpha", "beta", 'say "hi"', "gamma\n", "delta", "epsilon", "{ x: 1 }", "zeta\n"];
	let text = "";
	for (let index = seed; text.length < length; index++) text += `${words[index % words.length]} `;
	return text.slice(0, length);
}

export function user(text: string, timestamp = 1): UserMessage {
	return { role: "user", content: text, timestamp };
}

export interface AssistantOptions {
	usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
	stopReason?: AssistantMessage["stopReason"];
	timestamp?: number;
}

export function assistant(
	content: string | AssistantContent[],
	options: AssistantOptions = {},
): AssistantMessage {
	const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...options.usage };
	const blocks: AssistantContent[] =
		typeof content === "string" ? [{ type: "text", text: content }] : content;
	const hasCalls = blocks.some((block) => block.type === "toolCall");
	return {
		role: "assistant",
		content: blocks,
		api: "faux",
		provider: "faux",
		model: "faux-model",
		usage: {
			...usage,
			totalTokens: usage.input + usage.output + usage.cacheRead + usage.cacheWrite,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: options.stopReason ?? (hasCalls ? "toolUse" : "stop"),
		timestamp: options.timestamp ?? 1,
	};
}

export function call(id: string, name: string, args: Record<string, unknown>): AssistantContent {
	return { type: "toolCall", id, name, arguments: args };
}

export function result(id: string, toolName: string, text: string, timestamp = 1): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId: id,
		toolName,
		content: [{ type: "text", text }],
		isError: false,
		timestamp,
	};
}

/**
 * `turns` turns of a coding session: a user message, then `callsPerTurn` assistant
 * messages each with one `read` call answered by a `resultChars`-long result, then a
 * closing answer with a thinking block.
 */
export function codingTranscript(options: {
	turns: number;
	callsPerTurn: number;
	resultChars: number;
	thinkingChars?: number;
}): AgentMessage[] {
	const messages: AgentMessage[] = [];
	for (let turn = 0; turn < options.turns; turn++) {
		messages.push(user(`Turn ${turn}: ${filler(400, turn)}`));
		for (let step = 0; step < options.callsPerTurn; step++) {
			const id = `call_${turn}_${step}`;
			messages.push(
				assistant([
					{ type: "text", text: `Reading file ${turn}.${step}.` },
					call(id, "read", { path: `src/f${turn}_${step}.ts` }),
				]),
			);
			messages.push(result(id, "read", filler(options.resultChars, turn + step)));
		}
		const thinking = filler(options.thinkingChars ?? 0, turn);
		messages.push(
			assistant([
				{ type: "thinking", thinking: `SECRET-THOUGHT ${thinking}` },
				{ type: "text", text: `Done with turn ${turn}. ${filler(300, turn)}` },
			]),
		);
	}
	return messages;
}

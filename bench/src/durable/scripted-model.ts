/**
 * The model of the durable bench: a loopback Anthropic wire server with a plan in each
 * prompt (`bench <run id> turns <n>`). Turn k < n calls the `record` tool once; turn n
 * answers with text. Each response waits `firstTokenMs` before its headers, then streams
 * in small writes `chunkDelayMs` apart, as a hosted model does (a few hundred ms to the
 * first token, then tokens at a steady rate).
 */
import type { Model } from "@kestrel/ai";
import { encodeAnthropicStream, startWireServer, type WireServer } from "@kestrel/ai/testing";

export interface ModelLatency {
	firstTokenMs: number;
	chunkDelayMs: number;
}

interface AnthropicBody {
	messages?: { role: string; content: string | { type: string; text?: string }[] }[];
}

/** The run id and turn count a request's first user message names, and its turn (0-based). */
export function requestPlan(body: unknown): { run: string; turns: number; turn: number } {
	const messages = (body as AnthropicBody).messages ?? [];
	const first = messages[0]?.content;
	const text =
		typeof first === "string" ? first : (first?.find((block) => block.type === "text")?.text ?? "");
	const match = /^bench (\S+) turns (\d+)/.exec(text);
	if (!match) throw new Error(`not a bench prompt: ${text.slice(0, 80)}`);
	let turn = 0;
	for (const message of messages) {
		if (typeof message.content !== "string")
			turn += message.content.filter((block) => block.type === "tool_result").length;
	}
	return { run: match[1] as string, turns: Number(match[2]), turn };
}

export function startBenchModel(latency: ModelLatency): Promise<WireServer> {
	return startWireServer({
		respond: ({ request }) => {
			const { run, turns, turn } = requestPlan(request.body);
			const last = turn >= turns - 1;
			const body = encodeAnthropicStream({
				id: `msg_${run}_${turn}`,
				blocks: last
					? [{ type: "text", text: `Run ${run} is done after ${turns} turns.`, deltaSize: 6 }]
					: [
							{ type: "text", text: `Turn ${turn + 1}: recording the step.`, deltaSize: 6 },
							{
								type: "toolCall",
								id: `toolu_${run}_${turn}`,
								name: "record",
								arguments: { run, step: turn },
								deltaSize: 8,
							},
						],
				usage: { input: 200 + 50 * turn, output: 40 },
			});
			return { body, chunking: 64, headersDelayMs: latency.firstTokenMs, chunkDelayMs: latency.chunkDelayMs };
		},
	});
}

export function benchModel(url: string): Model<"anthropic-messages"> {
	return {
		id: "claude-bench",
		name: "Claude (bench)",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: url,
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 1_000,
	};
}

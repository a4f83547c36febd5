/**
 * The loopback model of the tests: a real Anthropic wire server whose answers follow a
 * plan written in the run's prompt, `run <tag>: note:<text> charge:<amount> …`. The n-th
 * request of a run (counted by the tool results it carries) calls the n-th tool of the
 * plan; after the last, the model answers `done <tag>`. Tool call ids are
 * `toolu_<tag>_<n>`, so two runs of the same prompt get the same answers.
 */
import type { Model } from "@kestrel/ai";
import { encodeAnthropicStream, type ScriptedResponse, type WireScript } from "@kestrel/ai/testing";

export interface PlannedCall {
	name: string;
	args: Record<string, unknown>;
}

/** Reads the plan out of a prompt. */
export function parsePlan(prompt: string): { tag: string; calls: PlannedCall[] } {
	const match = /^run (\S+):(.*)$/s.exec(prompt.trim());
	if (!match) throw new Error(`not a planned prompt: ${prompt}`);
	const calls = (match[2] ?? "")
		.trim()
		.split(/\s+/)
		.filter(Boolean)
		.map((word) => {
			const [name, value] = word.split(":");
			if (name === "note") return { name, args: { text: value } };
			if (name === "charge") return { name, args: { amount: Number(value) } };
			throw new Error(`unknown planned tool ${name}`);
		});
	return { tag: match[1] as string, calls };
}

interface AnthropicBody {
	messages?: { role: string; content: string | { type: string; text?: string }[] }[];
}

/** Where a request is in its run's plan: which answer it gets. */
export function planStep(body: unknown): { tag: string; index: number; script: WireScript } {
	const messages = (body as AnthropicBody).messages ?? [];
	const first = messages.find((message) => message.role === "user");
	const text =
		typeof first?.content === "string"
			? first.content
			: (first?.content.find((block) => block.type === "text")?.text ?? "");
	const { tag, calls } = parsePlan(text);
	let index = 0;
	for (const message of messages) {
		if (typeof message.content !== "string")
			index += message.content.filter((block) => block.type === "tool_result").length;
	}
	const call = calls[index];
	const script: WireScript = call
		? {
				id: `msg_${tag}_${index}`,
				blocks: [
					{ type: "text", text: `Step ${index + 1} of ${tag}.`, deltaSize: 4 },
					{
						type: "toolCall",
						id: `toolu_${tag}_${index}`,
						name: call.name,
						arguments: call.args,
						deltaSize: 6,
					},
				],
				usage: { input: 10, output: 5 },
			}
		: {
				id: `msg_${tag}_${index}`,
				blocks: [{ type: "text", text: `done ${tag}`, deltaSize: 3 }],
				usage: { input: 10, output: 5 },
			};
	return { tag, index, script };
}

/** The response for a step, cut into small writes. */
export function planResponse(script: WireScript, extra: Partial<ScriptedResponse> = {}): ScriptedResponse {
	return { body: encodeAnthropicStream(script), chunking: 16, ...extra };
}

/** A Claude model served at `url`. */
export function wireModel(url: string): Model<"anthropic-messages"> {
	return {
		id: "claude-durable-test",
		name: "Claude (durable test)",
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

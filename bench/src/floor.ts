import { request } from "node:http";
import { type BenchApi, type BenchScenario, MODEL_ID, requestPathFor } from "./scenario.js";
import type { ResponseSpec } from "./server-protocol.js";

/** Takes the streamed piece of one parsed `data:` payload, if it carries one. */
type PickDelta = (data: unknown) => string | undefined;

/**
 * The cheapest correct client: one POST with node:http, the body decoded as UTF-8, split
 * into lines, `JSON.parse` of each `data:` line, the deltas collected, and for a tool call
 * one final `JSON.parse` of the argument text. No SDK, no events, no partial arguments:
 * the floor any client pays for reading these bytes.
 */
export function floorResult(spec: ResponseSpec, serverUrl: string): Promise<unknown> {
	const pickDelta = DELTA_PICKERS[spec.scenario][spec.api];
	if (!pickDelta) throw new Error(`floor: no ${spec.scenario} scenario on ${spec.api}`);
	return new Promise((resolve, reject) => {
		const outgoing = request(
			`${serverUrl}${requestPathFor(spec.api)}`,
			{ method: "POST", headers: { "content-type": "application/json" } },
			(response) => {
				response.setEncoding("utf8");
				const deltas: string[] = [];
				let rest = "";
				const takeLine = (line: string) => {
					if (!line.startsWith("data:")) return;
					const data = line.slice(5).trim();
					if (data === "[DONE]") return;
					const delta = pickDelta(JSON.parse(data));
					if (delta !== undefined) deltas.push(delta);
				};
				response.on("data", (chunk: string) => {
					const lines = (rest + chunk).split("\n");
					rest = lines.pop() ?? "";
					for (const line of lines) takeLine(line);
				});
				response.on("end", () => {
					try {
						takeLine(rest);
						const joined = deltas.join("");
						resolve(spec.scenario === "tool-call" ? JSON.parse(joined) : joined);
					} catch (error) {
						reject(error);
					}
				});
				response.on("error", reject);
			},
		);
		outgoing.on("error", reject);
		outgoing.end(JSON.stringify({ model: MODEL_ID, stream: true, messages: [] }));
	});
}

interface AnthropicEvent {
	type?: string;
	delta?: { type?: string; partial_json?: string; text?: string };
}

interface ChatChunk {
	choices?: { delta?: { content?: string | null; tool_calls?: { function?: { arguments?: string } }[] } }[];
}

interface ResponsesEvent {
	type?: string;
	delta?: string;
}

interface GeminiChunk {
	candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] } }[];
}

const anthropic = (data: unknown) => data as AnthropicEvent;
const chat = (data: unknown) => data as ChatChunk;
const responses = (data: unknown) => data as ResponsesEvent;

const DELTA_PICKERS: Record<BenchScenario, Partial<Record<BenchApi, PickDelta>>> = {
	"tool-call": {
		"anthropic-messages": (data) => {
			const event = anthropic(data);
			return event.type === "content_block_delta" && event.delta?.type === "input_json_delta"
				? event.delta.partial_json
				: undefined;
		},
		"openai-completions": (data) =>
			chat(data).choices?.[0]?.delta?.tool_calls?.[0]?.function?.arguments || undefined,
		"openai-responses": (data) => {
			const event = responses(data);
			return event.type === "response.function_call_arguments.delta" ? event.delta : undefined;
		},
	},
	text: {
		"anthropic-messages": (data) => {
			const event = anthropic(data);
			return event.type === "content_block_delta" && event.delta?.type === "text_delta"
				? event.delta.text
				: undefined;
		},
		"openai-completions": (data) => chat(data).choices?.[0]?.delta?.content || undefined,
		"openai-responses": (data) => {
			const event = responses(data);
			return event.type === "response.output_text.delta" ? event.delta : undefined;
		},
		"google-generative-ai": (data) => {
			const parts = (data as GeminiChunk).candidates?.[0]?.content?.parts ?? [];
			let text = "";
			for (const part of parts) if (part.text && !part.thought) text += part.text;
			return text || undefined;
		},
	},
};

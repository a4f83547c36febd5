import { request } from "node:http";
import { type BenchApi, MODEL_ID, requestPathFor } from "./scenario.js";

/**
 * The cheapest correct client: one POST with node:http, the body decoded as UTF-8, split
 * into lines, `JSON.parse` of each `data:` line, the argument deltas collected, and one
 * final `JSON.parse`. No SDK, no events, no partial arguments: the floor any client pays
 * for reading these bytes.
 */
export function floorToolArguments(api: BenchApi, serverUrl: string): Promise<unknown> {
	const pickDelta = api === "anthropic-messages" ? anthropicDelta : openAIDelta;
	return new Promise((resolve, reject) => {
		const outgoing = request(
			`${serverUrl}${requestPathFor(api)}`,
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
						resolve(JSON.parse(deltas.join("")));
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
	delta?: { type?: string; partial_json?: string };
}

function anthropicDelta(event: AnthropicEvent): string | undefined {
	return event.type === "content_block_delta" && event.delta?.type === "input_json_delta"
		? event.delta.partial_json
		: undefined;
}

interface OpenAIChunk {
	choices?: { delta?: { tool_calls?: { function?: { arguments?: string } }[] } }[];
}

function openAIDelta(chunk: OpenAIChunk): string | undefined {
	return chunk.choices?.[0]?.delta?.tool_calls?.[0]?.function?.arguments || undefined;
}

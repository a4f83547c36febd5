import { defineModel } from "../../../src/models/define-model.js";
import { createAnthropicMessagesProvider } from "../../../src/providers/anthropic-messages/index.js";
import {
	brokenStream,
	type ExpectedToolCall,
	type ExpectedUsage,
	type Outcome,
	parseArguments,
	zeroTokens,
} from "../outcome.js";
import { chunkLines, type RecordingFile } from "../recordings.js";
import { type Replay, splitAfter, type WireReference } from "../replay.js";

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, read field by field and checked where it matters.
type Chunk = Record<string, any>;

/**
 * The Anthropic Messages stream: `event: <type>` + `data: <json>` frames, one message
 * from `message_start` to `message_stop`. A recording of several requests holds several
 * messages back to back; each is served as its own response.
 */
export const anthropicMessages: WireReference = {
	api: "anthropic-messages",
	provider: createAnthropicMessagesProvider(),
	model: (serverUrl) =>
		defineModel({ id: "claude-peer-replay", api: "anthropic-messages", baseUrl: serverUrl }),
	replays(file: RecordingFile): Replay[] {
		const lines = chunkLines(file.bytes);
		return splitAfter(lines, ({ chunk }) => chunk.type === "message_stop").map((message) => ({
			response: {
				body: message.map(({ line, chunk }) => `event: ${chunk.type}\ndata: ${line}\n\n`).join(""),
			},
			expected: readMessage(message.map(({ chunk }) => chunk)),
		}));
	},
};

interface Block {
	type: string;
	text: string;
	/** The joined `input_json_delta` text of a `tool_use` block. */
	json: string;
	/** The input `content_block_start` carried. */
	input: unknown;
	name: string;
	stopped: boolean;
}

/** What one message's events say, read in order. */
export function readMessage(events: Chunk[]): Outcome {
	let responseId: string | undefined;
	let rawStop: string | undefined;
	const usage = zeroTokens();
	const blocks = new Map<number, Block>();
	const order: Block[] = [];
	const partial = () => ({ ...content(order), usage: { ...usage }, ...(responseId ? { responseId } : {}) });
	for (const event of events) {
		switch (event.type) {
			case "message_start": {
				const id: string | undefined = event.message?.id;
				// Rule: a repeated message_start of the same message is harmless; one of another
				// message before this one stopped means a proxy spliced two generations into one
				// body. Merging them would replay signed thinking of an unfinished generation, so
				// the stream is broken.
				if (responseId !== undefined && id !== responseId) return brokenStream(partial());
				responseId = id;
				addUsage(usage, event.message?.usage);
				break;
			}
			case "content_block_start": {
				const start = event.content_block ?? {};
				const block: Block = {
					type: start.type,
					text: typeof start.text === "string" ? start.text : (start.thinking ?? ""),
					json: "",
					input: start.input,
					name: start.name ?? "",
					stopped: false,
				};
				blocks.set(event.index, block);
				order.push(block);
				break;
			}
			case "content_block_delta": {
				const block = blocks.get(event.index);
				const delta = event.delta ?? {};
				if (!block) break;
				if (delta.type === "text_delta") block.text += delta.text;
				else if (delta.type === "thinking_delta") block.text += delta.thinking;
				else if (delta.type === "input_json_delta") block.json += delta.partial_json;
				break;
			}
			case "content_block_stop": {
				const block = blocks.get(event.index);
				if (block) block.stopped = true;
				break;
			}
			case "message_delta":
				rawStop = event.delta?.stop_reason ?? rawStop;
				addUsage(usage, event.usage);
				break;
			case "error":
				return { ...partial(), stopReason: "error", error: { code: event.error?.type } };
			case "message_stop":
				return finish(partial(), rawStop);
		}
	}
	// Rule: a message without message_stop was cut short.
	return brokenStream(partial());
}

function finish(partial: Omit<Outcome, "stopReason">, rawStop: string | undefined): Outcome {
	// Rule (Kestrel's documented choice): a streaming refusal ends the turn as an error an
	// agent must not build on, not as a normal stop.
	if (rawStop === "refusal") {
		return { ...partial, stopReason: "error", error: { kind: "invalid_request", code: "refusal" } };
	}
	const stopReason =
		rawStop === "tool_use"
			? "toolUse"
			: rawStop === "max_tokens" || rawStop === "model_context_window_exceeded"
				? "length"
				: // end_turn, stop_sequence, pause_turn and values added later: the turn ended.
					"stop";
	// Rule: a turn that ends normally while holding tool calls waits for their results.
	return {
		...partial,
		stopReason: stopReason === "stop" && partial.toolCalls.length > 0 ? "toolUse" : stopReason,
	};
}

/**
 * Rule: Kestrel's content is the `text`, `thinking`, `redacted_thinking` and `tool_use`
 * blocks. Server tool blocks (`server_tool_use`, `web_search_tool_result`, `mcp_tool_use`,
 * code execution results, `compaction`, `fallback`, …) belong to features Kestrel never
 * requests; they are not content.
 */
function content(order: Block[]): { text: string; thinking: string; toolCalls: ExpectedToolCall[] } {
	const text = order.filter((block) => block.type === "text").map((block) => block.text);
	const thinking = order.filter((block) => block.type === "thinking").map((block) => block.text);
	const toolCalls = order
		.filter((block) => block.type === "tool_use")
		.map((block): ExpectedToolCall => {
			// A call the stream cut off has only part of its argument text.
			if (!block.stopped) return { name: block.name };
			// The joined argument text; some proxies send the whole input in content_block_start.
			const args = block.json.trim() !== "" ? parseArguments(block.json) : ((block.input ?? {}) as object);
			return { name: block.name, arguments: args as Record<string, unknown> };
		});
	return { text: text.join(""), thinking: thinking.join(""), toolCalls };
}

/**
 * `message_start` carries the first counts and every `message_delta` the cumulative ones,
 * each only with the fields it has. Anthropic's `input_tokens` already excludes cached
 * tokens, as Kestrel's `input` does.
 */
function addUsage(usage: ExpectedUsage, wire: Chunk | undefined): void {
	if (!wire) return;
	if (typeof wire.input_tokens === "number") usage.input = wire.input_tokens;
	if (typeof wire.output_tokens === "number") usage.output = wire.output_tokens;
	if (typeof wire.cache_read_input_tokens === "number") usage.cacheRead = wire.cache_read_input_tokens;
	if (typeof wire.cache_creation_input_tokens === "number")
		usage.cacheWrite = wire.cache_creation_input_tokens;
}

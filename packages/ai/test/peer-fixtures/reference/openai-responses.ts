import { defineModel } from "../../../src/models/define-model.js";
import { createOpenAIResponsesProvider } from "../../../src/providers/openai-responses/index.js";
import {
	brokenStream,
	type ExpectedKind,
	type ExpectedToolCall,
	type ExpectedUsage,
	type Outcome,
	parseArguments,
	zeroTokens,
} from "../outcome.js";
import { chunkLines, type RecordingFile } from "../recordings.js";
import { type Replay, splitAfter, type WireReference } from "../replay.js";
import { openAIHttpError } from "./openai-completions.js";

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, read field by field and checked where it matters.
type Chunk = Record<string, any>;

const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

/**
 * The Responses API: `event: <type>` + `data: <json>` frames, one response from
 * `response.created` to its terminal event. A recording of several requests is served as
 * one response each.
 */
export const openAIResponses: WireReference = {
	api: "openai-responses",
	provider: createOpenAIResponsesProvider(),
	model: (serverUrl) =>
		defineModel({ id: "peer-replay", api: "openai-responses", baseUrl: `${serverUrl}/v1` }),
	replays(file: RecordingFile): Replay[] {
		if (file.name.endsWith(".json")) return [openAIHttpError(file.bytes)];
		const lines = chunkLines(file.bytes);
		return splitAfter(lines, ({ chunk }) => TERMINAL.has(String(chunk.type))).map((response) => ({
			response: {
				body: response.map(({ line, chunk }) => `event: ${chunk.type}\ndata: ${line}\n\n`).join(""),
			},
			expected: readResponse(response.map(({ chunk }) => chunk)),
		}));
	},
};

/** What the stream says about one output item, keyed by its `output_index`. */
interface Item {
	type: string | undefined;
	/** Joined text, summary or reasoning deltas. */
	streamed: string;
	summaryIndex: number | undefined;
	/** `output_text.done` text, for servers that send no deltas. */
	textDone: string | undefined;
	argumentDeltas: string;
	argumentsDone: string | undefined;
	name: string;
	/** The item as `output_item.done` finished it. */
	finished: Chunk | undefined;
}

/**
 * Codes of a failed response, in Kestrel's kinds. An exhausted billing quota is not a
 * rate limit that passes: retrying it cannot succeed (issue 13, part 4).
 */
const KIND_BY_CODE: Record<string, ExpectedKind> = {
	rate_limit_exceeded: "rate_limit",
	insufficient_quota: "permanent",
	context_length_exceeded: "overflow",
	server_error: "unknown",
};

/** What one response's events say, read in order. */
export function readResponse(events: Chunk[]): Outcome {
	let responseId: string | undefined;
	const items = new Map<number, Item>();
	const item = (index: number): Item => {
		let found = items.get(index);
		if (!found) {
			found = {
				type: undefined,
				streamed: "",
				summaryIndex: undefined,
				textDone: undefined,
				argumentDeltas: "",
				argumentsDone: undefined,
				name: "",
				finished: undefined,
			};
			items.set(index, found);
		}
		return found;
	};
	const partial = (usage: ExpectedUsage = zeroTokens()) => ({
		...content([...items.values()]),
		usage,
		...(responseId ? { responseId } : {}),
	});
	for (const event of events) {
		const index: number = event.output_index;
		switch (event.type) {
			case "response.created":
			case "response.in_progress":
				responseId = event.response?.id ?? responseId;
				break;
			case "response.output_item.added":
				item(index).type = event.item?.type;
				item(index).name = event.item?.name ?? "";
				break;
			case "response.output_text.delta":
			case "response.refusal.delta":
				// Rule: a refusal is what the model says instead of an answer: Kestrel keeps it as text.
				item(index).type ??= "message";
				item(index).streamed += event.delta;
				break;
			case "response.output_text.done":
				item(index).textDone = event.text;
				break;
			case "response.reasoning_summary_text.delta": {
				// Rule (Kestrel's convention): the summary parts of one reasoning item are
				// paragraphs of one thinking block, separated by a blank line.
				const reasoning = item(index);
				reasoning.type ??= "reasoning";
				const newPart =
					reasoning.summaryIndex !== undefined && reasoning.summaryIndex !== event.summary_index;
				reasoning.streamed += (newPart ? "\n\n" : "") + event.delta;
				reasoning.summaryIndex = event.summary_index;
				break;
			}
			case "response.reasoning_text.delta":
				item(index).type ??= "reasoning";
				item(index).streamed += event.delta;
				break;
			case "response.function_call_arguments.delta":
				item(index).argumentDeltas += event.delta;
				break;
			case "response.function_call_arguments.done":
				item(index).argumentsDone = event.arguments;
				break;
			case "response.output_item.done":
				item(index).type ??= event.item?.type;
				item(index).finished = event.item;
				break;
			case "error":
				return { ...partial(), stopReason: "error", error: errorOf(event.code ?? event.error?.code) };
			case "response.completed":
			case "response.incomplete":
			case "response.failed":
				// The finished response object names the response (proxies may rotate ids).
				responseId = event.response?.id ?? responseId;
				return finish(partial(readUsage(event.response?.usage)), event.response ?? {}, event.type);
		}
	}
	// Rule: a response without its terminal event was cut short.
	return brokenStream(partial());
}

function finish(partial: Omit<Outcome, "stopReason">, response: Chunk, eventType: string): Outcome {
	const status: string = response.status || eventType.slice("response.".length);
	if (status === "failed") return { ...partial, stopReason: "error", error: errorOf(response.error?.code) };
	if (status === "incomplete") {
		const reason: string | undefined = response.incomplete_details?.reason;
		// Rule (Kestrel's documented choice): a filtered answer is incomplete: an error.
		if (reason === "content_filter") {
			return { ...partial, stopReason: "error", error: { kind: "invalid_request", code: reason } };
		}
		return { ...partial, stopReason: "length" };
	}
	// Rule: a completed response that holds function calls waits for their results.
	return { ...partial, stopReason: partial.toolCalls.length > 0 ? "toolUse" : "stop" };
}

function errorOf(code: unknown): { kind?: ExpectedKind; code?: string } {
	if (typeof code !== "string") return {};
	const kind = KIND_BY_CODE[code];
	return kind ? { kind, code } : { code };
}

/**
 * Rule: Kestrel's content is the `message`, `reasoning` and `function_call` items. Server
 * tools (web search, file search, code interpreter, image generation, MCP, tool search,
 * programs) and tools a client would have to declare (custom, shell, local shell,
 * apply patch), which Kestrel never declares, are not content.
 *
 * Content that only arrives in a `done` event or the finished item (servers that send no
 * deltas) counts when no delta brought it.
 */
function content(items: Item[]): { text: string; thinking: string; toolCalls: ExpectedToolCall[] } {
	let text = "";
	let thinking = "";
	const toolCalls: ExpectedToolCall[] = [];
	for (const item of items) {
		const finished = item.finished;
		if (item.type === "message") {
			const parts: Chunk[] = finished?.content ?? [];
			const whole = parts
				.map((part) => (part.type === "output_text" ? part.text : (part.refusal ?? "")))
				.join("");
			text += item.streamed || item.textDone || whole;
		} else if (item.type === "reasoning") {
			const summary = (finished?.summary ?? []).map((part: Chunk) => part.text).join("\n\n");
			const reasoning = (finished?.content ?? []).map((part: Chunk) => part.text).join("\n\n");
			thinking += item.streamed || summary || reasoning;
		} else if (item.type === "function_call") {
			const name: string = finished?.name ?? item.name;
			// A call the stream cut off (no finished item) has only part of its argument text.
			if (!finished) toolCalls.push({ name });
			else {
				const args = item.argumentDeltas || item.argumentsDone || finished.arguments || "";
				toolCalls.push({ name, arguments: parseArguments(args) });
			}
		}
	}
	return { text, thinking, toolCalls };
}

/** `input_tokens` includes cached and cache-written tokens; Kestrel's input is the uncached rest. */
function readUsage(wire: Chunk | null | undefined): ExpectedUsage {
	if (!wire) return zeroTokens();
	const cacheRead = wire.input_tokens_details?.cached_tokens ?? 0;
	const cacheWrite = wire.input_tokens_details?.cache_write_tokens ?? 0;
	return {
		input: (wire.input_tokens ?? 0) - cacheRead - cacheWrite,
		output: wire.output_tokens ?? 0,
		cacheRead,
		cacheWrite,
	};
}

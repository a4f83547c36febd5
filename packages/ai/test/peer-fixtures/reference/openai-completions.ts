import { defineModel } from "../../../src/models/define-model.js";
import { createOpenAICompletionsProvider } from "../../../src/providers/openai-completions/index.js";
import type { ErrorKind } from "../../../src/types.js";
import {
	brokenStream,
	type ExpectedToolCall,
	type ExpectedUsage,
	failedRequest,
	type Outcome,
	parseArguments,
} from "../outcome.js";
import { chunkLines, errorBody, type RecordingFile } from "../recordings.js";
import { httpError, type Replay, type WireReference } from "../replay.js";

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, read field by field and checked where it matters.
type Chunk = Record<string, any>;

/**
 * Chat Completions: `data: <json>` frames ending with `data: [DONE]`. Consecutive chunks
 * with the same `id` are one response (an empty id, as Azure's prompt-filter chunk has,
 * belongs to the response it arrives in); a recording of several requests is served as
 * one response each.
 */
export const openAICompletions: WireReference = {
	api: "openai-completions",
	provider: createOpenAICompletionsProvider(),
	model: (serverUrl) => defineModel({ id: "peer-replay", baseUrl: `${serverUrl}/v1` }),
	replays(file: RecordingFile): Replay[] {
		if (file.name.endsWith(".json")) return [openAIHttpError(file.bytes)];
		return splitByResponseId(chunkLines(file.bytes)).map((response) => ({
			response: {
				body: `${response.map(({ line }) => `data: ${line}\n\n`).join("")}data: [DONE]\n\n`,
			},
			expected: readCompletion(response.map(({ chunk }) => chunk)),
		}));
	},
};

/** The HTTP status OpenAI answers each error type with. */
const STATUS_BY_TYPE: Record<string, number> = {
	invalid_request_error: 400,
	authentication_error: 401,
	permission_error: 403,
	not_found_error: 404,
	rate_limit_error: 429,
	server_error: 500,
};

/** What an HTTP status means, in Kestrel's kinds. */
export function kindOfStatus(status: number): ErrorKind {
	if (status === 401 || status === 403) return "auth";
	if (status === 429) return "rate_limit";
	if (status >= 400 && status < 500) return "invalid_request";
	return "unknown";
}

/** An OpenAI error body (`{"error": {message, type, code}}`), served with the status of its type. */
export function openAIHttpError(bytes: Buffer): Replay {
	const error = errorBody(bytes)?.error ?? {};
	const type = String(error.type);
	const status = STATUS_BY_TYPE[type];
	if (status === undefined) throw new Error(`no HTTP status known for an OpenAI error of type ${type}`);
	const code = typeof error.code === "string" ? error.code : type;
	return {
		response: httpError(status, bytes),
		expected: failedRequest({ kind: kindOfStatus(status), status, code }),
	};
}

function splitByResponseId<T extends { chunk: Chunk }>(items: T[]): T[][] {
	const responses: T[][] = [];
	let current: T[] = [];
	let id: string | undefined;
	for (const item of items) {
		const chunkId = typeof item.chunk.id === "string" && item.chunk.id !== "" ? item.chunk.id : undefined;
		if (chunkId !== undefined && id !== undefined && chunkId !== id) {
			responses.push(current);
			current = [];
		}
		id = chunkId ?? id;
		current.push(item);
	}
	if (current.length > 0) responses.push(current);
	return responses;
}

interface Call {
	index: number;
	id: string | undefined;
	name: string;
	args: string;
}

/** What one response's chunks say, read in order. */
export function readCompletion(chunks: Chunk[]): Outcome {
	let responseId: string | undefined;
	let finish: string | undefined;
	let usage: ExpectedUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
	let text = "";
	let thinking = "";
	const calls: Call[] = [];
	// A cut-off call has only part of its argument text: its arguments are not checked.
	const partial = (complete = false) => ({
		text,
		thinking,
		toolCalls: calls.map(
			(call): ExpectedToolCall =>
				complete ? { name: call.name, arguments: parseArguments(call.args) } : { name: call.name },
		),
		usage,
		...(responseId ? { responseId } : {}),
	});
	for (const chunk of chunks) {
		if (typeof chunk.id === "string" && chunk.id !== "") responseId = chunk.id;
		if (chunk.error)
			return { ...partial(), stopReason: "error", error: { code: chunk.error.code ?? chunk.error.type } };
		if (chunk.usage) usage = readUsage(chunk.usage);
		// Only the first choice: Kestrel never asks for alternatives.
		for (const choice of chunk.choices ?? []) {
			if ((choice.index ?? 0) !== 0) continue;
			const delta = choice.delta ?? {};
			// Rule: reasoning arrives in `reasoning_content` (DeepSeek, Qwen, xAI, Moonshot) or
			// `reasoning` (Groq, Cerebras, OpenRouter); a server sending both repeats the text.
			thinking += stringOr(delta.reasoning_content) || stringOr(delta.reasoning);
			if (typeof delta.content === "string") text += delta.content;
			// Mistral's reasoning models send content as parts: text, and thinking with text inside.
			else if (Array.isArray(delta.content)) {
				for (const part of delta.content) {
					if (part?.type === "text") text += stringOr(part.text);
					if (part?.type === "thinking" && Array.isArray(part.thinking)) {
						for (const inner of part.thinking) thinking += stringOr(inner?.text);
					}
				}
			}
			// Rule: a refusal is what the model says instead of an answer: Kestrel keeps it as text.
			text += stringOr(delta.refusal);
			for (const fragment of delta.tool_calls ?? []) addFragment(calls, fragment);
			if (choice.finish_reason) finish = choice.finish_reason;
		}
	}
	// Rule: a response without a finish_reason was cut short.
	if (finish === undefined) return brokenStream(partial());
	const done = partial(true);
	switch (finish) {
		case "content_filter":
			// Rule (Kestrel's documented choice): a filtered answer is incomplete: an error.
			return { ...done, stopReason: "error", error: { kind: "invalid_request", code: "content_filter" } };
		case "length":
			return { ...done, stopReason: "length" };
		case "tool_calls":
		case "function_call":
			return { ...done, stopReason: "toolUse" };
		default:
			// stop and the values servers invent; several servers say `stop` after tool calls.
			return { ...done, stopReason: done.toolCalls.length > 0 ? "toolUse" : "stop" };
	}
}

/**
 * Fragments of one call share its `index`. Servers that send no index (Mistral) send each
 * call whole or repeat its id: a new id is a new call, no id continues the last one.
 */
function addFragment(calls: Call[], fragment: Chunk): void {
	const id = stringOr(fragment.id) || undefined;
	let call =
		typeof fragment.index === "number"
			? calls.find((known) => known.index === fragment.index)
			: id
				? calls.find((known) => known.id === id)
				: calls.at(-1);
	if (!call) {
		const index = typeof fragment.index === "number" ? fragment.index : calls.length;
		call = { index, id, name: "", args: "" };
		calls.push(call);
	}
	call.id ??= id;
	if (!call.name) call.name = stringOr(fragment.function?.name);
	const args = fragment.function?.arguments;
	if (typeof args === "string") call.args += args;
	else if (args && typeof args === "object") call.args = JSON.stringify(args);
}

/**
 * The last usage object wins. `prompt_tokens` includes the cached tokens (DeepSeek names
 * them `prompt_cache_hit_tokens`); Kestrel's input is the uncached rest. Kestrel's output
 * includes reasoning: where `total_tokens` shows that `completion_tokens` left the
 * reasoning tokens out (xAI), they are added.
 */
function readUsage(wire: Chunk): ExpectedUsage {
	const prompt = wire.prompt_tokens ?? 0;
	const cached = wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens ?? 0;
	const completion = wire.completion_tokens ?? 0;
	const reasoning = wire.completion_tokens_details?.reasoning_tokens ?? 0;
	const reasoningOutside = reasoning > 0 && wire.total_tokens === prompt + completion + reasoning;
	return {
		input: prompt - cached,
		output: completion + (reasoningOutside ? reasoning : 0),
		cacheRead: cached,
		cacheWrite: 0,
	};
}

function stringOr(value: unknown): string {
	return typeof value === "string" ? value : "";
}

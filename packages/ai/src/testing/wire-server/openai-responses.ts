import { argumentText, type ScriptBlock, splitText, sseFrame, type WireScript } from "./script.js";

/** Variations of the Responses stream that OpenAI and compatible servers produce. */
export interface OpenAIResponsesEncodeOptions {
	/**
	 * The shape of the `error` event for `script.error`: `flat` as documented
	 * (`{type:"error", code, message, param}`), `nested` as the API has been seen to send it
	 * (`{type:"error", error:{type, code, message, param}}`). Default `flat`.
	 */
	errorShape?: "flat" | "nested";
	/** `response.error` of a `response.failed` ending (`script.stop: "failed"`). */
	failure?: { code: string; message: string };
	/**
	 * Send response objects with only `id`, `object`, `status`, `model` and the terminal
	 * fields, instead of every field the API sends, and short item ids (`rs_0`): a stream
	 * small enough to be played byte by byte. Default false.
	 */
	compact?: boolean;
}

/** The fixed `created_at` of every response, so that encoded streams are reproducible. */
const CREATED_AT = 1_735_689_600;

/**
 * Encodes a script as the exact SSE text of `POST /v1/responses` with `stream: true`:
 * `response.created` and `response.in_progress`, then one output item per block —
 * a `message` (`output_item.added`, `content_part.added`, `output_text.delta`…,
 * `output_text.done`, `content_part.done`, `output_item.done`), a `reasoning` item (one
 * summary part per paragraph of the thinking text, `encrypted_content` from the block's
 * `signature` on the finished item; a `redacted_thinking` block is an item with no summary
 * and its `data` as `encrypted_content`) or a `function_call` (`function_call_arguments.delta`…
 * and `.done`) — and a terminal event chosen by `script.stop`:
 *
 * - absent or `completed`: `response.completed`;
 * - `max_output_tokens` or `content_filter`: `response.incomplete` with that reason;
 * - `failed`: `response.failed` with `options.failure` (default `server_error`);
 * - anything else: `response.completed` whose `status` is that value.
 *
 * Usage follows OpenAI: `input_tokens` includes cached and cache-written tokens. Every
 * event carries its `sequence_number`. A tool call id `call_…|fc_…` gives the `call_id`
 * and the item id; an id without `|` is the `call_id` and the item id is made up. With
 * `script.error` the blocks are followed by an `error` event and the stream ends.
 */
export function encodeOpenAIResponsesStream(
	script: WireScript,
	options: OpenAIResponsesEncodeOptions = {},
): string {
	const frames: string[] = [];
	let sequence = 0;
	const emit = (type: string, fields: Record<string, unknown>) => {
		frames.push(sseFrame({ type, ...fields, sequence_number: sequence++ }, type));
	};
	const response = baseResponse(script, options.compact === true);
	emit("response.created", { response });
	emit("response.in_progress", { response });
	const output: Record<string, unknown>[] = [];
	script.blocks.forEach((block, outputIndex) => {
		const id = (prefix: string) =>
			options.compact
				? `${prefix}_${outputIndex}`
				: `${prefix}_wire${String(outputIndex).padStart(2, "0")}${ID_TAIL}`;
		output.push(encodeItem(block, outputIndex, id, emit));
	});
	if (script.error) {
		const { type, message } = script.error;
		if (options.errorShape === "nested") {
			emit("error", { error: { type, code: type, message, param: null } });
		} else {
			emit("error", { code: type, message, param: null });
		}
		return frames.join("");
	}
	const stop = script.stop ?? "completed";
	const finished = (fields: Record<string, unknown>) => ({
		response: { ...response, ...fields, ...(options.compact ? {} : { output }), usage: wireUsage(script) },
	});
	if (stop === "max_output_tokens" || stop === "content_filter") {
		emit("response.incomplete", finished({ status: "incomplete", incomplete_details: { reason: stop } }));
	} else if (stop === "failed") {
		const error = options.failure ?? {
			code: "server_error",
			message: "The server had an error while processing your request. Sorry about that!",
		};
		emit("response.failed", finished({ status: "failed", error }));
	} else {
		emit("response.completed", finished({ status: stop }));
	}
	return frames.join("");
}

type Emit = (type: string, fields: Record<string, unknown>) => void;

/** Emits the events of one output item and returns the finished item. */
function encodeItem(
	block: ScriptBlock,
	outputIndex: number,
	itemId: (prefix: string) => string,
	emit: Emit,
): Record<string, unknown> {
	const at = { output_index: outputIndex };
	switch (block.type) {
		case "text": {
			const id = itemId("msg");
			const part = (text: string) => ({ type: "output_text", annotations: [], logprobs: [], text });
			const item = (status: string, content: unknown[]) => ({
				id,
				type: "message",
				status,
				content,
				role: "assistant",
			});
			const inPart = { item_id: id, ...at, content_index: 0 };
			emit("response.output_item.added", { ...at, item: item("in_progress", []) });
			emit("response.content_part.added", { ...inPart, part: part("") });
			for (const delta of splitText(block.text, block.deltaSize)) {
				emit("response.output_text.delta", { ...inPart, delta, logprobs: [] });
			}
			emit("response.output_text.done", { ...inPart, text: block.text, logprobs: [] });
			emit("response.content_part.done", { ...inPart, part: part(block.text) });
			const done = item("completed", [part(block.text)]);
			emit("response.output_item.done", { ...at, item: done });
			return done;
		}
		case "thinking":
		case "redacted_thinking": {
			const id = itemId("rs");
			const paragraphs = block.type === "thinking" && block.thinking ? block.thinking.split("\n\n") : [];
			const deltaSize = block.type === "thinking" ? block.deltaSize : undefined;
			const encrypted = block.type === "thinking" ? block.signature : block.data;
			emit("response.output_item.added", { ...at, item: { id, type: "reasoning", summary: [] } });
			paragraphs.forEach((text, summaryIndex) => {
				const inSummary = { item_id: id, ...at, summary_index: summaryIndex };
				emit("response.reasoning_summary_part.added", {
					...inSummary,
					part: { type: "summary_text", text: "" },
				});
				for (const delta of splitText(text, deltaSize)) {
					emit("response.reasoning_summary_text.delta", { ...inSummary, delta });
				}
				emit("response.reasoning_summary_text.done", { ...inSummary, text });
				emit("response.reasoning_summary_part.done", { ...inSummary, part: { type: "summary_text", text } });
			});
			const done: Record<string, unknown> = {
				id,
				type: "reasoning",
				summary: paragraphs.map((text) => ({ type: "summary_text", text })),
			};
			if (encrypted !== undefined) done.encrypted_content = encrypted;
			emit("response.output_item.done", { ...at, item: done });
			return done;
		}
		case "toolCall": {
			const [callId, givenItemId] = splitToolCallId(block.id);
			const id = givenItemId ?? itemId("fc");
			const args = argumentText(block);
			const item = (status: string, argumentsText: string) => ({
				id,
				type: "function_call",
				status,
				arguments: argumentsText,
				call_id: callId,
				name: block.name,
			});
			emit("response.output_item.added", { ...at, item: item("in_progress", "") });
			for (const delta of splitText(args, block.deltaSize)) {
				emit("response.function_call_arguments.delta", { item_id: id, ...at, delta });
			}
			emit("response.function_call_arguments.done", {
				item_id: id,
				...at,
				name: block.name,
				arguments: args,
			});
			const done = item("completed", args);
			emit("response.output_item.done", { ...at, item: done });
			return done;
		}
	}
}

function splitToolCallId(id: string): [string, string | undefined] {
	const bar = id.indexOf("|");
	return bar < 0 ? [id, undefined] : [id.slice(0, bar), id.slice(bar + 1)];
}

/** Makes item ids as long as OpenAI's; `compact` streams use `msg_0`, `rs_1`, … */
const ID_TAIL = "68a1c3e5f7b9d0e2a4c6e8f0";

function baseResponse(script: WireScript, compact: boolean): Record<string, unknown> {
	const essentials = {
		id: script.id ?? "resp_wire68a1c3e5f7b9d0e2a4c6e8f0a2b4c6d8",
		object: "response",
		status: "in_progress",
		model: script.model ?? "gpt-5-2025-08-07",
	};
	if (compact) return essentials;
	return {
		...essentials,
		created_at: CREATED_AT,
		background: false,
		error: null,
		incomplete_details: null,
		instructions: null,
		max_output_tokens: null,
		output: [],
		parallel_tool_calls: true,
		previous_response_id: null,
		reasoning: { effort: "medium", summary: "auto" },
		store: false,
		temperature: 1,
		text: { format: { type: "text" }, verbosity: "medium" },
		tool_choice: "auto",
		tools: [],
		top_p: 1,
		truncation: "disabled",
		usage: null,
		user: null,
		metadata: {},
	};
}

/** OpenAI counts cached and cache-written tokens inside `input_tokens`. */
function wireUsage(script: WireScript): Record<string, unknown> {
	const usage = script.usage ?? { input: 0, output: 0 };
	const cacheRead = usage.cacheRead ?? 0;
	const cacheWrite = usage.cacheWrite ?? 0;
	const input = usage.input + cacheRead + cacheWrite;
	return {
		input_tokens: input,
		input_tokens_details: { cached_tokens: cacheRead, cache_write_tokens: cacheWrite },
		output_tokens: usage.output,
		output_tokens_details: { reasoning_tokens: 0 },
		total_tokens: input + usage.output,
	};
}

import { argumentText, type ScriptBlock, splitText, sseFrame, type WireScript } from "./script.js";
import type { ScriptedResponse } from "./server.js";

/** Variations of the chat-completions stream that OpenAI and compatible servers produce. */
export interface OpenAICompletionsEncodeOptions {
	/**
	 * The delta field reasoning streams in: `reasoning_content` (DeepSeek, vLLM,
	 * llama.cpp), `reasoning` (OpenRouter, Ollama, Groq) or any other. Default
	 * `reasoning_content`.
	 */
	reasoningField?: "reasoning_content" | "reasoning" | (string & {});
	/**
	 * Send the final usage chunk (`choices: []`), as OpenAI does for
	 * `stream_options.include_usage`. Default true.
	 */
	usageChunk?: boolean;
	/** Put the usage into the chunk with the `finish_reason` instead, as some servers do. */
	usageInLastChoiceChunk?: boolean;
}

/** The fixed `created` time of every chunk, so that encoded streams are reproducible. */
const CREATED = 1_735_689_600;

/**
 * Encodes a script as the exact SSE text of `POST /v1/chat/completions` with
 * `stream: true`: `data: {chat.completion.chunk}` lines (a first chunk with the role,
 * one chunk per text, reasoning or argument delta, a tool call's id and name only on its
 * first chunk, a chunk with the `finish_reason`), the usage chunk and `data: [DONE]`.
 * With `script.error` the blocks are followed by an `{"error":{…}}` chunk and the stream
 * ends, as OpenAI and vLLM end a stream that fails.
 */
export function encodeOpenAICompletionsStream(
	script: WireScript,
	options: OpenAICompletionsEncodeOptions = {},
): string {
	const usageChunk = options.usageChunk !== false && !options.usageInLastChoiceChunk;
	const chunk = openaiChunkFactory(script, { usageField: usageChunk });
	const frames: string[] = [sseFrame(chunk({ role: "assistant", content: "" }))];
	let toolIndex = 0;
	for (const block of script.blocks) {
		for (const delta of blockDeltas(block, toolIndex, options.reasoningField ?? "reasoning_content")) {
			frames.push(sseFrame(chunk(delta)));
		}
		if (block.type === "toolCall") toolIndex += 1;
	}
	if (script.error) {
		const { type, message } = script.error;
		frames.push(sseFrame({ error: { message, type, param: null, code: null } }));
		return frames.join("");
	}
	const stop = script.stop ?? (toolIndex > 0 ? "tool_calls" : "stop");
	const usage = wireUsage(script);
	if (options.usageInLastChoiceChunk) {
		frames.push(sseFrame({ ...chunk({}, stop), usage }));
	} else {
		frames.push(sseFrame(chunk({}, stop)));
		if (usageChunk) frames.push(sseFrame({ ...chunk({}), choices: [], usage }));
	}
	frames.push(sseFrame("[DONE]"));
	return frames.join("");
}

/**
 * Makes `chat.completion.chunk` objects with the script's id and model, for tests that
 * write a stream by hand (interleaved tool calls, odd server quirks).
 */
export function openaiChunkFactory(
	script: Pick<WireScript, "id" | "model">,
	options: { usageField?: boolean } = {},
): (delta: Record<string, unknown>, finishReason?: string | null) => Record<string, unknown> {
	const id = script.id ?? "chatcmpl-wire9Kx2Lm4Qp7Rt1Vb3Nd5Fh8";
	const model = script.model ?? "gpt-4.1-2025-04-14";
	return (delta, finishReason = null) => ({
		id,
		object: "chat.completion.chunk",
		created: CREATED,
		model,
		system_fingerprint: "fp_wire0001",
		choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
		...(options.usageField ? { usage: null } : {}),
	});
}

function blockDeltas(
	block: ScriptBlock,
	toolIndex: number,
	reasoningField: string,
): Record<string, unknown>[] {
	switch (block.type) {
		case "text":
			return splitText(block.text, block.deltaSize).map((content) => ({ content }));
		case "thinking":
			// DeepSeek sends `content: null` next to every reasoning delta.
			return splitText(block.thinking, block.deltaSize).map((text) => ({
				content: null,
				[reasoningField]: text,
			}));
		case "redacted_thinking":
			// Chat completions has no encrypted reasoning; there is nothing to send.
			return [];
		case "toolCall": {
			const first = {
				tool_calls: [
					{ index: toolIndex, id: block.id, type: "function", function: { name: block.name, arguments: "" } },
				],
			};
			const rest = splitText(argumentText(block), block.deltaSize).map((piece) => ({
				tool_calls: [{ index: toolIndex, function: { arguments: piece } }],
			}));
			return [first, ...rest];
		}
	}
}

/** OpenAI counts cached (and, on OpenRouter, cache-written) tokens inside `prompt_tokens`. */
function wireUsage(script: WireScript): Record<string, unknown> {
	const usage = script.usage ?? { input: 0, output: 0 };
	const cacheRead = usage.cacheRead ?? 0;
	const prompt = usage.input + cacheRead;
	return {
		prompt_tokens: prompt,
		completion_tokens: usage.output,
		total_tokens: prompt + usage.output,
		prompt_tokens_details: { cached_tokens: cacheRead, audio_tokens: 0 },
		completion_tokens_details: {
			reasoning_tokens: 0,
			audio_tokens: 0,
			accepted_prediction_tokens: 0,
			rejected_prediction_tokens: 0,
		},
	};
}

/** OpenAI's error `type` and `code` for each HTTP status, in the API's own wording. */
const ERRORS_BY_STATUS: Record<number, { type: string; code: string | null; message: string }> = {
	400: {
		type: "invalid_request_error",
		code: null,
		message:
			"Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
	},
	401: {
		type: "invalid_request_error",
		code: "invalid_api_key",
		message:
			"Incorrect API key provided: sk-test-********************wire. You can find your API key at https://platform.openai.com/account/api-keys.",
	},
	403: {
		type: "invalid_request_error",
		code: "unsupported_country_region_territory",
		message: "Country, region, or territory not supported",
	},
	404: {
		type: "invalid_request_error",
		code: "model_not_found",
		message: "The model `gpt-does-not-exist` does not exist or you do not have access to it.",
	},
	429: {
		type: "tokens",
		code: "rate_limit_exceeded",
		message:
			"Rate limit reached for gpt-4o in organization org-wire on tokens per min (TPM): Limit 30000, Used 29400, Requested 1200. Please try again in 1.2s. Visit https://platform.openai.com/account/rate-limits to learn more.",
	},
	500: {
		type: "server_error",
		code: null,
		message: "The server had an error while processing your request. Sorry about that!",
	},
	503: {
		type: "server_error",
		code: null,
		message: "The engine is currently overloaded, please try again later.",
	},
	529: { type: "server_error", code: null, message: "The server is overloaded, please try again later." },
};

/**
 * An HTTP error response as OpenAI sends it: a JSON body
 * `{"error":{"message","type","param":null,"code"}}`, an `x-request-id` header and
 * `retry-after` in seconds (by default 1 on a 429). `code: null` in the options sends a
 * null code where the status has a default one.
 */
export function openaiErrorResponse(
	status: number,
	options: {
		type?: string;
		code?: string | null;
		message?: string;
		retryAfterSeconds?: number;
		headers?: Record<string, string>;
	} = {},
): ScriptedResponse {
	const fallback = ERRORS_BY_STATUS[status] ?? {
		type: status >= 500 ? "server_error" : "invalid_request_error",
		code: null,
		message: `Request failed with status ${status}.`,
	};
	const headers: Record<string, string> = {
		"content-type": "application/json",
		"x-request-id": `req_wire${status}a8f3c2e1b7d94f06`,
	};
	const retryAfter = options.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
	if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
	const error = {
		message: options.message ?? fallback.message,
		type: options.type ?? fallback.type,
		param: null,
		code: options.code === undefined ? fallback.code : options.code,
	};
	return { status, headers: { ...headers, ...options.headers }, body: JSON.stringify({ error }) };
}

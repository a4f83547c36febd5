import { argumentText, type ScriptBlock, splitText, sseFrame, type WireScript } from "./script.js";
import type { ScriptedResponse } from "./server.js";

/** Variations of the Anthropic stream that real servers and proxies produce. */
export interface AnthropicEncodeOptions {
	/**
	 * What `message_delta` carries in `usage`: `full` (the API today: cumulative output
	 * plus the input and cache counts), `output` (only `output_tokens`, as older API
	 * versions and several proxies send it). Default `full`.
	 */
	deltaUsage?: "full" | "output";
}

/**
 * Encodes a script as the exact SSE text of `POST /v1/messages` with `stream: true`:
 * `message_start`, per block `content_block_start` / `content_block_delta` /
 * `content_block_stop` (with a `ping` after the first start, where the API sends one),
 * `message_delta` with the stop reason and cumulative usage, and `message_stop`. With
 * `script.error`, the blocks are followed by an `error` event instead of the ending.
 */
export function encodeAnthropicStream(script: WireScript, options: AnthropicEncodeOptions = {}): string {
	const usage = script.usage ?? { input: 0, output: 0 };
	const cacheCounts = {
		cache_creation_input_tokens: usage.cacheWrite ?? 0,
		cache_read_input_tokens: usage.cacheRead ?? 0,
	};
	const frames: string[] = [
		frame({
			type: "message_start",
			message: {
				id: script.id ?? "msg_01XFDUDYJgAACzvnptvVoYEL",
				type: "message",
				role: "assistant",
				model: script.model ?? "claude-sonnet-4-5-20250929",
				content: [],
				stop_reason: null,
				stop_sequence: null,
				usage: { input_tokens: usage.input, ...cacheCounts, output_tokens: Math.min(1, usage.output) },
			},
		}),
	];
	script.blocks.forEach((block, index) => {
		frames.push(frame({ type: "content_block_start", index, content_block: startBlock(block) }));
		if (index === 0) frames.push(frame({ type: "ping" }));
		for (const delta of blockDeltas(block)) frames.push(frame({ type: "content_block_delta", index, delta }));
		frames.push(frame({ type: "content_block_stop", index }));
	});
	if (script.blocks.length === 0) frames.push(frame({ type: "ping" }));
	if (script.error) {
		frames.push(frame({ type: "error", error: { type: script.error.type, message: script.error.message } }));
		return frames.join("");
	}
	const stop =
		script.stop ?? (script.blocks.some((block) => block.type === "toolCall") ? "tool_use" : "end_turn");
	const deltaUsage =
		options.deltaUsage === "output"
			? { output_tokens: usage.output }
			: { input_tokens: usage.input, ...cacheCounts, output_tokens: usage.output };
	frames.push(
		frame({ type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: deltaUsage }),
	);
	frames.push(frame({ type: "message_stop" }));
	return frames.join("");
}

function frame(data: { type: string } & Record<string, unknown>): string {
	return sseFrame(data, data.type);
}

function startBlock(block: ScriptBlock): Record<string, unknown> {
	switch (block.type) {
		case "text":
			return { type: "text", text: "" };
		case "thinking":
			return { type: "thinking", thinking: "", signature: "" };
		case "redacted_thinking":
			return { type: "redacted_thinking", data: block.data };
		case "toolCall":
			return { type: "tool_use", id: block.id, name: block.name, input: {} };
	}
}

function blockDeltas(block: ScriptBlock): Record<string, unknown>[] {
	switch (block.type) {
		case "text":
			return splitText(block.text, block.deltaSize).map((text) => ({ type: "text_delta", text }));
		case "thinking": {
			const deltas: Record<string, unknown>[] = splitText(block.thinking, block.deltaSize).map(
				(thinking) => ({
					type: "thinking_delta",
					thinking,
				}),
			);
			// The API sends the whole signature in one delta, just before the block stops.
			if (block.signature !== undefined) deltas.push({ type: "signature_delta", signature: block.signature });
			return deltas;
		}
		case "redacted_thinking":
			return [];
		case "toolCall":
			return splitText(argumentText(block), block.deltaSize).map((partial_json) => ({
				type: "input_json_delta",
				partial_json,
			}));
	}
}

/** Anthropic's error `type` for each HTTP status it documents. */
const ERROR_TYPE_BY_STATUS: Record<number, string> = {
	400: "invalid_request_error",
	401: "authentication_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	504: "timeout_error",
	529: "overloaded_error",
};

/** Messages in the API's own wording, for when a test does not care about the text. */
const DEFAULT_MESSAGES: Record<string, string> = {
	invalid_request_error: "messages: at least one message is required",
	authentication_error: "invalid x-api-key",
	permission_error: "Your API key does not have permission to use the specified resource.",
	not_found_error: "model: claude-does-not-exist",
	request_too_large: "Request exceeds the maximum allowed number of bytes.",
	rate_limit_error:
		"This request would exceed the rate limit for your organization of 50,000 input tokens per minute.",
	api_error: "Internal server error",
	timeout_error: "Request timed out",
	overloaded_error: "Overloaded",
};

/**
 * An HTTP error response as the Messages API sends it: a JSON body
 * `{"type":"error","error":{"type","message"},"request_id"}`, a `request-id` header and,
 * when asked, `retry-after` in seconds.
 */
export function anthropicErrorResponse(
	status: number,
	options: {
		type?: string;
		message?: string;
		retryAfterSeconds?: number;
		headers?: Record<string, string>;
	} = {},
): ScriptedResponse {
	const type =
		options.type ?? ERROR_TYPE_BY_STATUS[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
	const requestId = `req_011CWire${status}Sm9KxQpT3fYb2nD`;
	const headers: Record<string, string> = { "content-type": "application/json", "request-id": requestId };
	if (options.retryAfterSeconds !== undefined) headers["retry-after"] = String(options.retryAfterSeconds);
	return {
		status,
		headers: { ...headers, ...options.headers },
		body: JSON.stringify({
			type: "error",
			error: { type, message: options.message ?? DEFAULT_MESSAGES[type] ?? "Error" },
			request_id: requestId,
		}),
	};
}

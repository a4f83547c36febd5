import type { ScriptBlock, ScriptedResponse, WireScript } from "@kestrel/ai/testing";
import { EXCEPTION_STATUS } from "../errors.js";
import { bedrockErrorResponse } from "./error-response.js";

/** Variations of the Converse response that tests need. */
export interface BedrockConverseOptions {
	/** The `x-amzn-requestid` header. Default: `script.id`, else a fixed UUID. */
	requestId?: string;
	/** `metrics.latencyMs`. Default 412. */
	latencyMs?: number;
}

const DEFAULT_REQUEST_ID = "0f3b6c2e-8a41-4d7b-9e15-6c2d9a7e4b30";

/**
 * Encodes a script as the JSON body of a non-streaming `Converse` response
 * (`POST /model/{modelId}/converse`, `application/json`): `output.message` with the
 * assistant's `content` blocks (`text`; `reasoningContent.reasoningText` with `text` and
 * `signature`; `reasoningContent.redactedContent` as base64; `toolUse` with `toolUseId`,
 * `name` and the arguments as a JSON object in `input`), `stopReason`, `usage` and
 * `metrics.latencyMs`. `deltaSize` means nothing here: the answer comes whole.
 *
 * With `script.error`, the response is that exception as Bedrock sends it (an HTTP error
 * with its documented status and `x-amzn-errortype`), since a non-streaming call has no
 * exception frames; blocks before it are dropped. `usage` is in Kestrel's meaning, which
 * is also Bedrock's (`inputTokens` excludes cache reads and writes).
 */
export function encodeBedrockConverse(
	script: WireScript,
	options: BedrockConverseOptions = {},
): ScriptedResponse {
	if (script.error) {
		const { type, message } = script.error;
		return bedrockErrorResponse(EXCEPTION_STATUS[type] ?? 500, { type, message });
	}
	const stopReason =
		script.stop ?? (script.blocks.some((block) => block.type === "toolCall") ? "tool_use" : "end_turn");
	const body = {
		output: { message: { role: "assistant", content: script.blocks.map(contentBlock) } },
		stopReason,
		usage: usageOf(script),
		metrics: { latencyMs: options.latencyMs ?? 412 },
	};
	return {
		status: 200,
		headers: {
			"content-type": "application/json",
			"x-amzn-requestid": options.requestId ?? script.id ?? DEFAULT_REQUEST_ID,
		},
		body: JSON.stringify(body),
	};
}

function contentBlock(block: ScriptBlock): Record<string, unknown> {
	switch (block.type) {
		case "text":
			return { text: block.text };
		case "thinking": {
			const reasoningText: Record<string, string> = { text: block.thinking };
			if (block.signature !== undefined) reasoningText.signature = block.signature;
			return { reasoningContent: { reasoningText } };
		}
		case "redacted_thinking":
			return { reasoningContent: { redactedContent: block.data } };
		case "toolCall":
			return { toolUse: { toolUseId: block.id, name: block.name, input: toolInput(block) } };
	}
}

/** Converse carries a tool's input as a JSON document, never as text. */
function toolInput(block: Extract<ScriptBlock, { type: "toolCall" }>): unknown {
	if (typeof block.arguments !== "string") return block.arguments;
	try {
		return JSON.parse(block.arguments);
	} catch {
		throw new TypeError(
			`encodeBedrockConverse: the arguments of tool call ${block.id} are not JSON; Converse sends a tool's input as a JSON object, so give it as an object or as valid JSON text.`,
		);
	}
}

function usageOf(script: WireScript): Record<string, number> {
	const usage = script.usage ?? { input: 0, output: 0 };
	const cacheRead = usage.cacheRead ?? 0;
	const cacheWrite = usage.cacheWrite ?? 0;
	const wire: Record<string, number> = {
		inputTokens: usage.input,
		outputTokens: usage.output,
		totalTokens: usage.input + usage.output + cacheRead + cacheWrite,
	};
	if (usage.cacheRead !== undefined) wire.cacheReadInputTokens = cacheRead;
	if (usage.cacheWrite !== undefined) wire.cacheWriteInputTokens = cacheWrite;
	return wire;
}

import type { ScriptBlock, ScriptedResponse, WireScript } from "@kestrel/ai/testing";
import { concatMessages, type EventStreamDamage, encodeEventStreamMessage } from "./event-stream-encoder.js";

/** Variations of the ConverseStream response that tests need. */
export interface BedrockEncodeOptions {
	/**
	 * Add the `p` field Bedrock puts into every event payload (letters of varying length,
	 * so that payload sizes do not reveal token lengths); clients ignore it. Default true.
	 */
	padding?: boolean;
	/** The `x-amzn-requestid` header. Default: `script.id`, else a fixed UUID. */
	requestId?: string;
	/** End after `messageStop`, without the `metadata` event (usage). Default false. */
	omitMetadata?: boolean;
	/** Write a damaged CRC into the event at this index (0: `messageStart`). */
	damage?: { event: number } & EventStreamDamage;
}

const DEFAULT_REQUEST_ID = "5c5a8d1e-6f9b-4c1e-9d0a-3b7e2f4a6c81";

/**
 * Encodes a script as the exact binary body of a `ConverseStream` response
 * (`application/vnd.amazon.eventstream`): `messageStart`, then per block its deltas
 * (`contentBlockStart` first for a tool use, whose arguments stream as `toolUse.input`
 * pieces; text as `text`; reasoning as `reasoningContent.text`, then its `signature`;
 * redacted reasoning as `reasoningContent.redactedContent`) and `contentBlockStop`, then
 * `messageStop` with the stop reason and `metadata` with the usage. With `script.error`,
 * the blocks are followed by an exception frame of that type instead of the ending.
 *
 * In a script, `redacted_thinking.data` is the base64 of the encrypted bytes (as the JSON
 * event carries them and as Kestrel keeps them); `usage` is in Kestrel's meaning, which
 * is also Bedrock's (`inputTokens` excludes cache reads and writes).
 */
export function encodeBedrockStream(
	script: WireScript,
	options: BedrockEncodeOptions = {},
): ScriptedResponse {
	const padding = options.padding ?? true;
	const events: [string, Record<string, unknown>][] = [["messageStart", { role: "assistant" }]];
	script.blocks.forEach((block, contentBlockIndex) => {
		if (block.type === "toolCall") {
			const start = { toolUse: { toolUseId: block.id, name: block.name } };
			events.push(["contentBlockStart", { contentBlockIndex, start }]);
		}
		for (const delta of blockDeltas(block)) events.push(["contentBlockDelta", { contentBlockIndex, delta }]);
		events.push(["contentBlockStop", { contentBlockIndex }]);
	});
	const frames = events.map(([type, payload], index) =>
		bedrockEventFrame(type, padding ? withPadding(payload, index) : payload, damageAt(options, index)),
	);
	if (script.error) {
		frames.push(bedrockExceptionFrame(script.error.type, script.error.message));
	} else {
		const stopReason =
			script.stop ?? (script.blocks.some((block) => block.type === "toolCall") ? "tool_use" : "end_turn");
		const ending: [string, Record<string, unknown>][] = [["messageStop", { stopReason }]];
		if (!options.omitMetadata) ending.push(["metadata", metadataEvent(script)]);
		for (const [type, payload] of ending) {
			const index = frames.length;
			frames.push(
				bedrockEventFrame(type, padding ? withPadding(payload, index) : payload, damageAt(options, index)),
			);
		}
	}
	return bedrockStreamResponse(frames, { requestId: options.requestId ?? script.id ?? DEFAULT_REQUEST_ID });
}

/** A 200 response whose body is the given event stream frames. */
export function bedrockStreamResponse(
	frames: readonly Uint8Array[],
	options: { requestId?: string } = {},
): ScriptedResponse {
	return {
		status: 200,
		headers: {
			"content-type": "application/vnd.amazon.eventstream",
			"x-amzn-requestid": options.requestId ?? DEFAULT_REQUEST_ID,
		},
		body: concatMessages(frames),
	};
}

/** One event frame (`:message-type: event`) with a JSON payload. */
export function bedrockEventFrame(
	eventType: string,
	payload: Record<string, unknown>,
	damage?: EventStreamDamage,
): Uint8Array {
	return encodeEventStreamMessage(
		{
			headers: { ":event-type": eventType, ":content-type": "application/json", ":message-type": "event" },
			payload: JSON.stringify(payload),
		},
		damage,
	);
}

/**
 * An exception frame (`:message-type: exception`), as Bedrock sends an error inside a
 * 200 stream. `type` is the exception's name (`ThrottlingException`); the header carries
 * the stream member's name (`throttlingException`), as the service sends it. `fields`
 * are added to the body (e.g. `originalStatusCode` of a ModelStreamErrorException).
 */
export function bedrockExceptionFrame(
	type: string,
	message: string,
	fields: Record<string, unknown> = {},
): Uint8Array {
	return encodeEventStreamMessage({
		headers: {
			":exception-type": type.charAt(0).toLowerCase() + type.slice(1),
			":content-type": "application/json",
			":message-type": "exception",
		},
		payload: JSON.stringify({ message, ...fields }),
	});
}

function blockDeltas(block: ScriptBlock): Record<string, unknown>[] {
	switch (block.type) {
		case "text":
			return split(block.text, block.deltaSize).map((text) => ({ text }));
		case "thinking": {
			const deltas: Record<string, unknown>[] = split(block.thinking, block.deltaSize).map((text) => ({
				reasoningContent: { text },
			}));
			// Bedrock sends the signature in one delta after the reasoning text.
			if (block.signature !== undefined) deltas.push({ reasoningContent: { signature: block.signature } });
			return deltas;
		}
		case "redacted_thinking":
			return [{ reasoningContent: { redactedContent: block.data } }];
		case "toolCall": {
			const input = typeof block.arguments === "string" ? block.arguments : JSON.stringify(block.arguments);
			return split(input, block.deltaSize).map((piece) => ({ toolUse: { input: piece } }));
		}
	}
}

function metadataEvent(script: WireScript): Record<string, unknown> {
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
	return { usage: wire, metrics: { latencyMs: 412 } };
}

/** Pieces of `size` UTF-16 units (default: one piece), never splitting a surrogate pair. */
function split(text: string, size: number | undefined): string[] {
	if (!size || size >= text.length) return text ? [text] : [];
	const pieces: string[] = [];
	for (let start = 0; start < text.length; ) {
		let end = Math.min(text.length, start + size);
		const last = text.charCodeAt(end - 1);
		if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
		pieces.push(text.slice(start, end));
		start = end;
	}
	return pieces;
}

const PADDING = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function withPadding(payload: Record<string, unknown>, index: number): Record<string, unknown> {
	return { ...payload, p: PADDING.slice(0, 4 + ((index * 7) % 40)) };
}

function damageAt(options: BedrockEncodeOptions, index: number): EventStreamDamage | undefined {
	return options.damage?.event === index ? options.damage : undefined;
}

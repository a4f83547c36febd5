/**
 * A provider-neutral description of one streamed response. Each wire format has an
 * encoder that turns it into that format's exact SSE text, so one script can be played
 * through every API and the final messages compared.
 */
export type ScriptBlock =
	/** Text, sent in deltas of `deltaSize` characters (default: one delta). */
	| { type: "text"; text: string; deltaSize?: number }
	/** Reasoning text; `signature` where the format signs it. */
	| { type: "thinking"; thinking: string; signature?: string; deltaSize?: number }
	/** Anthropic redacted thinking: an encrypted payload and no text. */
	| { type: "redacted_thinking"; data: string }
	/**
	 * A tool call. `arguments` is the exact JSON text the model streams (an object is
	 * serialised with `JSON.stringify`), sent in deltas of `deltaSize` characters.
	 */
	| {
			type: "toolCall";
			id: string;
			name: string;
			arguments: string | Record<string, unknown>;
			deltaSize?: number;
	  };

/** Token counts in Kestrel's meaning (`input` is uncached); encoders convert them. */
export interface ScriptUsage {
	input: number;
	output: number;
	cacheRead?: number;
	cacheWrite?: number;
}

export interface WireScript {
	/** The response id; a default is made up. */
	id?: string;
	/** The model id echoed by the server. */
	model?: string;
	blocks: ScriptBlock[];
	/**
	 * The raw stop value in the target format (`end_turn`, `tool_calls`, or an unknown
	 * string). Default: the format's value for "tool use" when the script has tool calls,
	 * else its value for a normal stop.
	 */
	stop?: string;
	usage?: ScriptUsage;
	/**
	 * After the blocks, send the format's error event instead of the normal ending
	 * (`type` is the provider's error type, e.g. `overloaded_error`).
	 */
	error?: { type: string; message: string };
}

/** Splits `text` into pieces of `size` characters, never inside a surrogate pair. */
export function splitText(text: string, size: number | undefined): string[] {
	if (!size || size >= text.length) return text ? [text] : [];
	const pieces: string[] = [];
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + size);
		const last = text.charCodeAt(end - 1);
		if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
		pieces.push(text.slice(start, end));
		start = end;
	}
	return pieces;
}

/** The argument text of a scripted tool call. */
export function argumentText(block: Extract<ScriptBlock, { type: "toolCall" }>): string {
	return typeof block.arguments === "string" ? block.arguments : JSON.stringify(block.arguments);
}

/** Formats one SSE frame; `event` is omitted for formats that send only `data:` lines. */
export function sseFrame(data: unknown, event?: string): string {
	const payload = typeof data === "string" ? data : JSON.stringify(data);
	return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}

import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { MessageAssembler } from "../../assembler.js";
import type { ResolvedCompat } from "./compat.js";
import { mapFinishReason, mapUsage, type WireUsage } from "./map.js";
import { type ContentPiece, ThinkTagSplitter } from "./think-tags.js";

const TEXT = "text";
const THINKING = "thinking";

/** A tool-call fragment as compatible servers send it: `index` or `id` may be missing. */
interface WireToolCall {
	index?: number;
	id?: string | null;
	function?: { name?: string | null; arguments?: string | Record<string, unknown> | null } | null;
}

/**
 * A part of an array `content`, as Mistral's reasoning models (Magistral, Mistral Medium
 * 3.5) stream it: `{type:"text", text}`, or `{type:"thinking", thinking:[{type:"text", text}]}`
 * whose own `thinking` holds the reasoning as a list of text parts.
 */
interface WireContentPart {
	type?: unknown;
	text?: unknown;
	thinking?: unknown;
}

type WireDelta = Omit<ChatCompletionChunk.Choice.Delta, "tool_calls" | "content"> & {
	content?: string | WireContentPart[] | null;
	tool_calls?: WireToolCall[] | null;
};

interface WireChoice {
	index?: number;
	delta?: WireDelta | null;
	finish_reason?: string | null;
	/** Moonshot puts the usage into the last choice. */
	usage?: WireUsage | null;
}

/** A chunk as any compatible server may send it; the SDK passes chunks through unchecked. */
export interface WireChunk {
	id?: string;
	object?: string;
	choices?: WireChoice[] | null;
	usage?: WireUsage | null;
	message?: unknown;
	type?: unknown;
	code?: unknown;
}

/**
 * Thrown for vLLM's older in-stream error shape, `{"object":"error","message":…}`, which
 * has no `error` field and so passes the SDK unnoticed. It mimics the SDK's `APIError`
 * (`error` holds the body) so that classification reads it the same way.
 */
export class StreamErrorChunk extends Error {
	readonly error: { message: string; type?: string; code?: string };

	constructor(chunk: WireChunk) {
		const message = typeof chunk.message === "string" ? chunk.message : JSON.stringify(chunk);
		super(message);
		this.name = "StreamErrorChunk";
		this.error = { message };
		if (typeof chunk.type === "string") this.error.type = chunk.type;
		if (typeof chunk.code === "string") this.error.code = chunk.code;
	}
}

/**
 * Translates chat-completion chunks into assembler calls.
 *
 * Text and reasoning end each other when the stream switches between them. Tool calls
 * are keyed by their wire `index` and stay open until the response ends: some servers
 * interleave the fragments of parallel calls, so a new index does not mean that the
 * previous call is complete, and a later fragment must still find its block.
 *
 * With `compat.thinkTags` the content goes through a {@link ThinkTagSplitter} first. It
 * ends when the response ends or the first tool call arrives (the text before a call is
 * complete), so that what it held back lands before the call.
 */
export class ChunkTranslator {
	private finishReason: string | undefined;
	private readonly toolIndexes: number[] = [];
	private readonly toolIds = new Map<string, number>();
	private readonly thinkTags: ThinkTagSplitter | undefined;

	constructor(
		private readonly assembler: MessageAssembler,
		private readonly compat: ResolvedCompat,
	) {
		if (compat.thinkTags) this.thinkTags = new ThinkTagSplitter(compat.thinkTags);
	}

	push(chunk: WireChunk): void {
		if (chunk.object === "error") throw new StreamErrorChunk(chunk);
		this.assembler.setResponseId(chunk.id);
		if (chunk.usage) this.assembler.setUsage(mapUsage(chunk.usage));
		for (const choice of chunk.choices ?? []) {
			// Kestrel never asks for `n > 1`; other choices would be alternative answers.
			if ((choice.index ?? 0) !== 0) continue;
			if (choice.delta) this.delta(choice.delta);
			if (choice.usage) this.assembler.setUsage(mapUsage(choice.usage));
			if (choice.finish_reason) this.finishReason = choice.finish_reason;
		}
	}

	/**
	 * Ends the message after the stream closed. Without a `finish_reason` nothing is
	 * finished, and the run reports a truncated stream.
	 */
	end(): void {
		const raw = this.finishReason;
		if (raw === undefined) return;
		this.endContent();
		this.fillMissingIds();
		const mapped = mapFinishReason(raw);
		if ("failure" in mapped) {
			this.assembler.message.rawStopReason = raw;
			this.assembler.fail(mapped.failure.message, mapped.failure.error);
			return;
		}
		this.assembler.setStopReason(mapped.reason, raw);
		this.assembler.finish();
	}

	private delta(delta: WireDelta): void {
		const reasoning = this.reasoningText(delta);
		if (reasoning) this.appendThinking(reasoning);
		if (typeof delta.content === "string") {
			if (delta.content) this.appendContent(delta.content);
		} else if (Array.isArray(delta.content)) this.contentParts(delta.content);
		// A refusal is what the model says instead of an answer: it is the answer's text.
		if (typeof delta.refusal === "string" && delta.refusal) this.appendText(delta.refusal);
		for (const call of delta.tool_calls ?? []) this.toolCall(call);
	}

	/**
	 * DeepSeek, vLLM and llama.cpp stream reasoning in `reasoning_content`; OpenRouter,
	 * Ollama, Groq and newer vLLM in `reasoning`. Some send both with the same text, so
	 * only the first field present counts, the configured one first.
	 */
	private reasoningText(delta: WireDelta): string | undefined {
		const fields = [this.compat.reasoningField, "reasoning_content", "reasoning"];
		for (const field of fields) {
			if (!field) continue;
			const value = (delta as Record<string, unknown>)[field];
			if (typeof value === "string" && value) return value;
		}
		return undefined;
	}

	/**
	 * Mistral's reasoning models send `content` as typed parts, in answer order: thinking
	 * parts while the model reasons, text parts (or, on some models, plain strings again)
	 * for the answer; one chunk may hold the end of the reasoning and the start of the
	 * answer. Parts without text (references) carry nothing to show.
	 */
	private contentParts(parts: readonly WireContentPart[]): void {
		for (const part of parts) {
			if (typeof part !== "object" || part === null) continue;
			if (part.type === "text" && typeof part.text === "string") {
				if (part.text) this.appendContent(part.text);
			} else if (part.type === "thinking") {
				const text = thinkingText(part.thinking);
				if (text) this.appendThinking(text);
			}
		}
	}

	private appendContent(content: string): void {
		if (this.thinkTags) this.appendPieces(this.thinkTags.push(content));
		else this.appendText(content);
	}

	/** Releases what the think-tag splitter still holds; later content is plain text. */
	private endContent(): void {
		if (this.thinkTags) this.appendPieces(this.thinkTags.end());
	}

	private appendPieces(pieces: readonly ContentPiece[]): void {
		for (const piece of pieces) {
			if (piece.kind === "thinking") this.appendThinking(piece.text);
			else this.appendText(piece.text);
		}
	}

	private appendThinking(text: string): void {
		this.assembler.endBlock(TEXT);
		if (!this.assembler.openKind(THINKING)) this.assembler.beginThinking(THINKING);
		this.assembler.appendThinking(THINKING, text);
	}

	private appendText(text: string): void {
		this.assembler.endBlock(THINKING);
		if (!this.assembler.openKind(TEXT)) this.assembler.beginText(TEXT);
		this.assembler.appendText(TEXT, text);
	}

	private toolCall(call: WireToolCall): void {
		this.endContent();
		this.assembler.endBlock(TEXT);
		this.assembler.endBlock(THINKING);
		const index = this.indexOf(call);
		const key = toolKey(index);
		const id = call.id || undefined;
		const name = call.function?.name || undefined;
		if (!this.assembler.openKind(key)) {
			this.assembler.beginToolCall(key, { id: id ?? "", name: name ?? "" });
			this.toolIndexes.push(index);
		} else if (id || name) {
			this.assembler.updateToolCall(key, { ...(id && { id }), ...(name && { name }) });
		}
		if (id) this.toolIds.set(id, index);
		const args = call.function?.arguments;
		if (typeof args === "string") this.assembler.appendToolArguments(key, args);
		else if (args && typeof args === "object") this.assembler.setToolArguments(key, args);
	}

	/**
	 * Servers that omit `index` (older Gemini and Ollama compat layers) send each call
	 * whole or with its id on every fragment: a new id is a new call, no id continues the last.
	 */
	private indexOf(call: WireToolCall): number {
		if (typeof call.index === "number") return call.index;
		if (call.id) {
			const known = this.toolIds.get(call.id);
			if (known !== undefined) return known;
			return this.toolIndexes.length === 0 ? 0 : Math.max(...this.toolIndexes) + 1;
		}
		return this.toolIndexes.at(-1) ?? 0;
	}

	/** A tool result must answer an id; a few servers send calls without one. */
	private fillMissingIds(): void {
		const withId = new Set(this.toolIds.values());
		for (const index of this.toolIndexes) {
			if (!withId.has(index)) this.assembler.updateToolCall(toolKey(index), { id: `call_${index}` });
		}
	}
}

/** The text of a thinking part: its list of text parts joined (a bare string is taken as is). */
function thinkingText(thinking: unknown): string {
	if (typeof thinking === "string") return thinking;
	if (!Array.isArray(thinking)) return "";
	let text = "";
	for (const inner of thinking) {
		const value = (inner as { text?: unknown } | null)?.text;
		if (typeof value === "string") text += value;
	}
	return text;
}

function toolKey(index: number): string {
	return `tool:${index}`;
}

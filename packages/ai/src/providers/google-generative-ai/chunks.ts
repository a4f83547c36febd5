import type { Part } from "@google/genai";
import type { MessageAssembler } from "../../assembler.js";
import type { TextContent, ThinkingContent } from "../../types.js";
import { mapFinishReason, mapUsage, promptBlocked } from "./map.js";
import type { StreamChunk } from "./raw-body.js";

type Kind = "text" | "thinking";

/** The open text or thinking block: its assembler key and the block object itself. */
interface OpenRun {
	kind: Kind;
	key: string;
	block: TextContent | ThinkingContent;
}

/**
 * Translates streamed `GenerateContentResponse` chunks into assembler calls.
 *
 * Gemini streams parts, not blocks: consecutive text parts form one text block and
 * consecutive thought parts one thinking block; a part of the other kind, or a function
 * call, ends the open block. A `thoughtSignature` belongs to the block of the part that
 * carries it. Signatures are opaque and never concatenated: a second signature for a
 * block that already has one starts a new block, so each is replayed exactly once.
 * Function calls arrive whole, one part each, and end at once.
 */
export class ChunkTranslator {
	private run: OpenRun | undefined;
	private blocks = 0;
	private finishReason: string | undefined;
	private finishDetail: string | undefined;
	private blockReason: { reason: string; detail?: string } | undefined;

	constructor(
		private readonly assembler: MessageAssembler,
		private readonly newToolCallId: () => string,
	) {}

	push(chunk: StreamChunk): void {
		this.assembler.setResponseId(chunk.responseId);
		if (chunk.usageMetadata) this.assembler.setUsage(mapUsage(chunk.usageMetadata));
		const blockReason = chunk.promptFeedback?.blockReason;
		if (blockReason) {
			const detail = chunk.promptFeedback?.blockReasonMessage;
			this.blockReason = detail ? { reason: blockReason, detail } : { reason: blockReason };
		}
		// Kestrel never asks for several candidates; others would be alternative answers.
		const candidate = chunk.candidates?.find((entry) => (entry.index ?? 0) === 0);
		if (!candidate) return;
		for (const part of candidate.content?.parts ?? []) this.part(part);
		if (candidate.finishReason) {
			this.finishReason = candidate.finishReason;
			const blocked = candidate.safetyRatings
				?.filter((rating) => rating.blocked)
				.map((rating) => rating.category);
			this.finishDetail = blocked?.length ? blocked.join(", ") : undefined;
		}
	}

	/**
	 * Ends the message after the stream closed. Gemini sends no end marker: the response
	 * is complete when a finish reason (or a prompt block) arrived. Without one nothing is
	 * finished, and the run reports a truncated stream.
	 */
	end(): void {
		const assembler = this.assembler;
		if (this.blockReason) {
			const { message, error } = promptBlocked(this.blockReason.reason, this.blockReason.detail);
			assembler.fail(message, error);
			return;
		}
		const raw = this.finishReason;
		if (raw === undefined) return;
		const mapped = mapFinishReason(raw, this.finishDetail);
		if ("failure" in mapped) {
			assembler.message.rawStopReason = raw;
			assembler.fail(mapped.failure.message, mapped.failure.error);
			return;
		}
		assembler.setStopReason(mapped.reason, raw);
		assembler.finish();
	}

	private part(part: Part): void {
		const signature = part.thoughtSignature || undefined;
		if (part.functionCall) {
			this.endRun();
			this.toolCall(part.functionCall, signature);
		} else if (typeof part.text === "string") {
			const kind: Kind = part.thought ? "thinking" : "text";
			// An empty part without a signature carries nothing (Gemini ends some streams with one).
			if (!part.text && !signature) return;
			const run = this.openRun(kind, signature);
			if (kind === "thinking") {
				if (signature) this.assembler.appendThinkingSignature(run.key, signature);
				this.assembler.appendThinking(run.key, part.text);
			} else {
				if (signature) this.assembler.setTextSignature(run.key, signature);
				this.assembler.appendText(run.key, part.text);
			}
		}
		// Other parts (inline images, executable code) are not requested; they are ignored.
	}

	private openRun(kind: Kind, signature: string | undefined): OpenRun {
		const open = this.run;
		if (open && open.kind === kind && !(signature && signatureOf(open.block))) return open;
		this.endRun();
		const key = `${kind}:${this.blocks++}`;
		if (kind === "thinking") this.assembler.beginThinking(key);
		else this.assembler.beginText(key);
		const block = this.assembler.message.content.at(-1) as TextContent | ThinkingContent;
		this.run = { kind, key, block };
		return this.run;
	}

	private endRun(): void {
		if (this.run) this.assembler.endBlock(this.run.key);
		this.run = undefined;
	}

	private toolCall(call: NonNullable<Part["functionCall"]>, signature: string | undefined): void {
		const key = `tool:${this.blocks++}`;
		const id = call.id || this.newToolCallId();
		this.assembler.beginToolCall(key, {
			id,
			name: call.name ?? "",
			...(signature ? { thoughtSignature: signature } : {}),
		});
		this.assembler.setToolArguments(key, call.args ?? {});
		this.assembler.endBlock(key);
	}
}

function signatureOf(block: TextContent | ThinkingContent): string | undefined {
	return block.type === "thinking" ? block.thinkingSignature : block.textSignature;
}

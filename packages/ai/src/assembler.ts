import type { AssistantEventStream } from "./event-stream.js";
import { emptyAssistantMessage } from "./event-stream.js";
import { ToolArgumentsParser } from "./json/tool-arguments-parser.js";
import type {
	AssistantMessage,
	Model,
	ProviderError,
	StopReason,
	TextContent,
	ThinkingContent,
	ToolCall,
} from "./types.js";
import { calculateCost } from "./usage.js";

/** A provider's own name for a content block: its wire index, or any stable label. */
export type BlockKey = string | number;

/** Token counts as the provider reports them; missing fields keep their previous value. */
export interface UsageReport {
	input?: number;
	output?: number;
	cacheRead?: number;
	cacheWrite?: number;
}

type OpenBlock =
	| { kind: "text"; index: number; block: TextContent }
	| { kind: "thinking"; index: number; block: ThinkingContent }
	| { kind: "toolCall"; index: number; block: ToolCall; parser: ToolArgumentsParser | undefined };

/**
 * Builds one {@link AssistantMessage} from a provider's wire events and emits the
 * unified events for it. Providers only translate: "a block started", "a delta", "a block
 * ended", "usage", "stop reason". The assembler owns `contentIndex`, the live `partial`,
 * argument parsing, cost and the single terminal event.
 */
export class MessageAssembler {
	/** The message being built; it is the `partial` of every event. */
	readonly message: AssistantMessage;
	private readonly open = new Map<BlockKey, OpenBlock>();
	private started = false;
	private ended = false;

	constructor(
		private readonly model: Model,
		private readonly stream: AssistantEventStream,
	) {
		this.message = emptyAssistantMessage(model);
	}

	/** True once `finish` or `fail` has run. */
	get finished(): boolean {
		return this.ended;
	}

	/** Emits `start`. Called implicitly by the first block; idempotent. */
	start(): void {
		if (this.started || this.ended) return;
		this.started = true;
		this.stream.push({ type: "start", partial: this.message });
	}

	setResponseId(id: string | undefined): void {
		if (id) this.message.responseId = id;
	}

	beginText(key: BlockKey): void {
		const block: TextContent = { type: "text", text: "" };
		const index = this.add(key, { kind: "text", index: -1, block });
		this.stream.push({ type: "text_start", contentIndex: index, partial: this.message });
	}

	appendText(key: BlockKey, delta: string): void {
		const open = this.expect(key, "text");
		if (!delta) return;
		open.block.text += delta;
		this.stream.push({ type: "text_delta", contentIndex: open.index, delta, partial: this.message });
	}

	/** Tags a text block with the provider's opaque id or signature, replayed to the same model. */
	setTextSignature(key: BlockKey, signature: string): void {
		this.expect(key, "text").block.textSignature = signature;
	}

	beginThinking(key: BlockKey, init: { redacted?: boolean; signature?: string } = {}): void {
		const block: ThinkingContent = { type: "thinking", thinking: "" };
		if (init.redacted) block.redacted = true;
		if (init.signature !== undefined) block.thinkingSignature = init.signature;
		const index = this.add(key, { kind: "thinking", index: -1, block });
		this.stream.push({ type: "thinking_start", contentIndex: index, partial: this.message });
	}

	appendThinking(key: BlockKey, delta: string): void {
		const open = this.expect(key, "thinking");
		if (!delta) return;
		open.block.thinking += delta;
		this.stream.push({ type: "thinking_delta", contentIndex: open.index, delta, partial: this.message });
	}

	/** Signatures arrive in pieces on some APIs; they are concatenated exactly. */
	appendThinkingSignature(key: BlockKey, delta: string): void {
		const open = this.expect(key, "thinking");
		open.block.thinkingSignature = (open.block.thinkingSignature ?? "") + delta;
	}

	beginToolCall(key: BlockKey, init: { id: string; name: string; thoughtSignature?: string }): void {
		const block: ToolCall = { type: "toolCall", id: init.id, name: init.name, arguments: {} };
		if (init.thoughtSignature !== undefined) block.thoughtSignature = init.thoughtSignature;
		const index = this.add(key, { kind: "toolCall", index: -1, block, parser: undefined });
		this.stream.push({ type: "toolcall_start", contentIndex: index, partial: this.message });
	}

	/** For servers that send the id or name of a call after its first chunk. */
	updateToolCall(key: BlockKey, update: { id?: string; name?: string }): void {
		const open = this.expect(key, "toolCall");
		if (update.id) open.block.id = update.id;
		if (update.name) open.block.name = update.name;
	}

	/** A piece of the argument JSON text; `partial` arguments are updated in O(delta). */
	appendToolArguments(key: BlockKey, delta: string): void {
		const open = this.expect(key, "toolCall");
		if (!delta) return;
		open.parser ??= new ToolArgumentsParser();
		open.parser.push(delta);
		open.block.arguments = open.parser.value;
		this.stream.push({ type: "toolcall_delta", contentIndex: open.index, delta, partial: this.message });
	}

	/** Whole arguments, for APIs that send them parsed in one piece. */
	setToolArguments(key: BlockKey, args: Record<string, unknown>): void {
		const open = this.expect(key, "toolCall");
		open.parser = undefined;
		open.block.arguments = args;
	}

	/** Ends a block and emits its `*_end` event. Unknown keys are ignored. */
	endBlock(key: BlockKey): void {
		const open = this.open.get(key);
		if (!open) return;
		this.open.delete(key);
		const { index } = open;
		switch (open.kind) {
			case "text":
				this.stream.push({
					type: "text_end",
					contentIndex: index,
					content: open.block.text,
					partial: this.message,
				});
				return;
			case "thinking":
				this.stream.push({
					type: "thinking_end",
					contentIndex: index,
					content: open.block.thinking,
					partial: this.message,
				});
				return;
			case "toolCall":
				this.finalizeToolCall(open);
				this.stream.push({
					type: "toolcall_end",
					contentIndex: index,
					toolCall: open.block,
					partial: this.message,
				});
		}
	}

	/** Whether a block with this key is open, and of which kind. */
	openKind(key: BlockKey): OpenBlock["kind"] | undefined {
		return this.open.get(key)?.kind;
	}

	setUsage(report: UsageReport): void {
		const usage = this.message.usage;
		if (report.input !== undefined) usage.input = report.input;
		if (report.output !== undefined) usage.output = report.output;
		if (report.cacheRead !== undefined) usage.cacheRead = report.cacheRead;
		if (report.cacheWrite !== undefined) usage.cacheWrite = report.cacheWrite;
		usage.totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
		usage.cost = calculateCost(this.model, usage);
	}

	/** Records the mapped stop reason and the provider's raw value. */
	setStopReason(reason: Exclude<StopReason, "error" | "aborted">, raw?: string): void {
		this.message.stopReason = reason;
		if (raw !== undefined) this.message.rawStopReason = raw;
	}

	/**
	 * Ends open blocks and emits `done`. A message that holds tool calls but reports
	 * `stop` becomes `toolUse`: several OpenAI-compatible servers send `stop` there.
	 */
	finish(): void {
		if (this.ended) return;
		this.start();
		for (const key of [...this.open.keys()]) this.endBlock(key);
		this.ended = true;
		const message = this.message;
		if (message.stopReason === "stop" && message.content.some((block) => block.type === "toolCall")) {
			message.stopReason = "toolUse";
		}
		const reason =
			message.stopReason === "length" || message.stopReason === "toolUse" ? message.stopReason : "stop";
		message.stopReason = reason;
		this.stream.push({ type: "done", reason, message });
	}

	/**
	 * Ends the stream with `error`; content that arrived is kept, open tool calls keep the
	 * arguments parsed so far. Emits no `*_end` events: the blocks did not end.
	 */
	fail(errorMessage: string, error: ProviderError): void {
		if (this.ended) return;
		this.start();
		for (const open of this.open.values()) {
			if (open.kind === "toolCall") this.finalizeToolCall(open, true);
		}
		this.open.clear();
		this.ended = true;
		const reason = error.kind === "aborted" ? "aborted" : "error";
		Object.assign(this.message, { stopReason: reason, errorMessage, error });
		this.stream.push({ type: "error", reason, message: this.message });
	}

	private add(key: BlockKey, open: OpenBlock): number {
		if (this.ended) throw new Error("MessageAssembler: block started after the message ended");
		if (this.open.has(key)) throw new Error(`MessageAssembler: block ${String(key)} is already open`);
		this.start();
		open.index = this.message.content.push(open.block) - 1;
		this.open.set(key, open);
		return open.index;
	}

	private expect<TKind extends OpenBlock["kind"]>(
		key: BlockKey,
		kind: TKind,
	): Extract<OpenBlock, { kind: TKind }> {
		const open = this.open.get(key);
		if (!open || open.kind !== kind) {
			throw new Error(`MessageAssembler: no open ${kind} block ${String(key)}`);
		}
		return open as Extract<OpenBlock, { kind: TKind }>;
	}

	private finalizeToolCall(open: Extract<OpenBlock, { kind: "toolCall" }>, interrupted = false): void {
		if (!open.parser) return;
		if (interrupted) {
			// The text is incomplete: keep the live partial view instead of a parse error.
			open.block.arguments = open.parser.value;
			return;
		}
		const parsed = open.parser.finish();
		open.block.arguments = parsed.arguments;
		if (parsed.error) open.block.argumentsError = parsed.error;
		open.parser = undefined;
	}
}

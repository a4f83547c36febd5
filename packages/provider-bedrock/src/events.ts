import type { ConverseStreamOutput } from "@aws-sdk/client-bedrock-runtime";
import type { MessageAssembler } from "@kestrel/ai/provider-kit";
import { type MappedStop, mapStopReason, mapUsage } from "./map.js";

type Delta = NonNullable<ConverseStreamOutput.ContentBlockDeltaMember["contentBlockDelta"]["delta"]>;
type BlockKind = "text" | "thinking" | "toolCall";

/**
 * Translates ConverseStream events into assembler calls; block keys are the wire's
 * `contentBlockIndex`. Only tool-use blocks have a `contentBlockStart`: text and
 * reasoning blocks begin with their first delta. The response ends with `messageStop`
 * (the stop reason) followed by `metadata` (usage), so the message is finished at
 * `metadata`, or when the stream ends after `messageStop` without one.
 */
export class ConverseEventTranslator {
	private stop: { mapped: MappedStop; raw: string } | undefined;

	constructor(private readonly assembler: MessageAssembler) {}

	handle(event: ConverseStreamOutput): void {
		const assembler = this.assembler;
		if (event.messageStart) {
			assembler.start();
		} else if (event.contentBlockStart) {
			const { contentBlockIndex: index = 0, start } = event.contentBlockStart;
			const toolUse = start?.toolUse;
			if (toolUse) {
				this.closeIfOpen(index);
				assembler.beginToolCall(index, { id: toolUse.toolUseId ?? "", name: toolUse.name ?? "" });
			}
			// Tool results and images inside the answer belong to server-side tools, which are not requested.
		} else if (event.contentBlockDelta) {
			const { contentBlockIndex: index = 0, delta } = event.contentBlockDelta;
			if (delta) this.applyDelta(index, delta);
		} else if (event.contentBlockStop) {
			assembler.endBlock(event.contentBlockStop.contentBlockIndex ?? 0);
		} else if (event.messageStop) {
			const raw = event.messageStop.stopReason ?? "";
			this.stop = { mapped: mapStopReason(raw), raw };
		} else if (event.metadata) {
			assembler.setUsage(mapUsage(event.metadata.usage));
			// The last event of a response: a connection a proxy keeps open is not waited for.
			if (this.stop) this.end();
		}
	}

	/** Called when the stream has ended; without `messageStop` the run reports a truncated stream. */
	end(): void {
		if (!this.stop || this.assembler.finished) return;
		const { mapped, raw } = this.stop;
		if ("failure" in mapped) {
			this.assembler.message.rawStopReason = raw;
			this.assembler.fail(mapped.failure.message, { kind: "invalid_request", code: mapped.failure.code });
			return;
		}
		this.assembler.setStopReason(mapped.reason, raw);
		this.assembler.finish();
	}

	private applyDelta(index: number, delta: Delta): void {
		const assembler = this.assembler;
		if (delta.text !== undefined) {
			this.ensure(index, "text");
			assembler.appendText(index, delta.text);
		} else if (delta.toolUse) {
			// A tool use always starts with contentBlockStart; a delta for no open call is ignored.
			if (assembler.openKind(index) === "toolCall")
				assembler.appendToolArguments(index, delta.toolUse.input ?? "");
		} else if (delta.reasoningContent) {
			const reasoning = delta.reasoningContent;
			if (reasoning.redactedContent !== undefined) {
				// Encrypted reasoning: its bytes, as base64, are what goes back to the model.
				this.closeIfOpen(index);
				assembler.beginThinking(index, {
					redacted: true,
					signature: Buffer.from(reasoning.redactedContent).toString("base64"),
				});
				return;
			}
			this.ensure(index, "thinking");
			if (reasoning.text !== undefined) assembler.appendThinking(index, reasoning.text);
			if (reasoning.signature !== undefined) assembler.appendThinkingSignature(index, reasoning.signature);
		}
	}

	/** Opens a block of `kind` at `index` unless one is open there already. */
	private ensure(index: number, kind: BlockKind): void {
		const open = this.assembler.openKind(index);
		if (open === kind) return;
		if (open) this.assembler.endBlock(index);
		if (kind === "text") this.assembler.beginText(index);
		else this.assembler.beginThinking(index);
	}

	private closeIfOpen(index: number): void {
		if (this.assembler.openKind(index)) this.assembler.endBlock(index);
	}
}

import type {
	ContentBlock,
	ConverseCommandOutput,
	ConverseStreamOutput,
} from "@aws-sdk/client-bedrock-runtime";

/**
 * The ConverseStream events that carry the same answer as a whole `Converse` response, so
 * that one translator (see `ConverseEventTranslator`) turns both into Kestrel's events:
 * `messageStart`; per content block its deltas and `contentBlockStop` (a tool use opens
 * with `contentBlockStart` and gets its input as one piece of JSON text; reasoning gets
 * its text, then its signature; redacted reasoning its bytes); then `messageStop` with the
 * stop reason and `metadata` with the usage. Blocks a stream would not carry either
 * (images, documents, results of server-side tools) and empty text are left out. Pure.
 */
export function converseResponseEvents(response: ConverseCommandOutput): ConverseStreamOutput[] {
	const message = response.output?.message;
	const events: ConverseStreamOutput[] = [{ messageStart: { role: message?.role ?? "assistant" } }];
	let contentBlockIndex = 0;
	for (const block of message?.content ?? []) {
		const blockEvents = eventsOfBlock(block, contentBlockIndex);
		if (blockEvents.length === 0) continue;
		events.push(...blockEvents, { contentBlockStop: { contentBlockIndex } });
		contentBlockIndex += 1;
	}
	events.push({ messageStop: { stopReason: response.stopReason } });
	const metadata: NonNullable<ConverseStreamOutput.MetadataMember["metadata"]> = {
		usage: response.usage,
		metrics: response.metrics,
	};
	events.push({ metadata } as ConverseStreamOutput);
	return events;
}

function eventsOfBlock(block: ContentBlock, contentBlockIndex: number): ConverseStreamOutput[] {
	const delta = (value: object) =>
		({ contentBlockDelta: { contentBlockIndex, delta: value } }) as ConverseStreamOutput;
	if (block.text !== undefined) return block.text ? [delta({ text: block.text })] : [];
	if (block.toolUse) {
		const { toolUseId, name, input } = block.toolUse;
		return [
			{ contentBlockStart: { contentBlockIndex, start: { toolUse: { toolUseId, name } } } },
			delta({ toolUse: { input: JSON.stringify(input ?? {}) } }),
		];
	}
	const reasoning = block.reasoningContent;
	if (reasoning?.redactedContent !== undefined) {
		return [delta({ reasoningContent: { redactedContent: reasoning.redactedContent } })];
	}
	if (reasoning?.reasoningText) {
		const { text, signature } = reasoning.reasoningText;
		const events = [delta({ reasoningContent: { text: text ?? "" } })];
		if (signature !== undefined) events.push(delta({ reasoningContent: { signature } }));
		return events;
	}
	return [];
}

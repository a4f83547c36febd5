import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, type FauxReply, type FauxRequest } from "@kestrel/ai/testing";
import type { Summarizer } from "../../../src/compaction/types.js";

/** A summary in the fixed format, marked with `label` so that tests can find it again. */
export function sectionedSummary(label: string): string {
	return [
		`## Goal\nShip the feature (${label}).`,
		"## Constraints and preferences\n- Tabs.",
		"## Progress\n### Done\n- Read the files.\n### In progress\n- Editing.\n### Blocked\n- none",
		"## Key decisions\n- Keep it small.",
		"## Next steps\n- Run the tests.",
		`## Critical context\n- Marker ${label}.`,
	].join("\n\n");
}

/**
 * A summariser on the scripted provider. Each request gets `reply(request, index)`
 * (default: a sectioned summary labelled `summary-<index>`); every request is recorded.
 */
export function fauxSummarizer(
	options: {
		contextWindow?: number;
		maxTokens?: number;
		reply?: (request: FauxRequest, index: number) => FauxReply;
	} = {},
) {
	const faux = createFauxProvider({ deltaSize: 4_096 });
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const model = faux.model({
		contextWindow: options.contextWindow ?? 200_000,
		maxTokens: options.maxTokens ?? 16_000,
	});
	let index = 0;
	const reply =
		options.reply ??
		((_request, at) => ({ content: [{ type: "text", text: sectionedSummary(`summary-${at}`) }] }));
	// Plenty of replies: the queue holds functions, each numbering the request it answers.
	for (let count = 0; count < 200; count++) faux.enqueue((request) => reply(request, index++));
	const summarizer: Summarizer = {
		model,
		streamFn: registry.stream.bind(registry),
		getApiKey: () => "test-key",
	};
	return { faux, summarizer, model, requests: faux.requests };
}

/** The prompt text of a recorded summary request. */
export function promptOf(request: FauxRequest): string {
	const message = request.context.messages[0];
	if (message?.role !== "user") return "";
	return typeof message.content === "string"
		? message.content
		: message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

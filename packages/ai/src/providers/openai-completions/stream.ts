import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { createOpenAIClient, type OpenAISdk } from "../openai-shared/client.js";
import { ChunkTranslator, type WireChunk } from "./chunks.js";
import { resolveCompat } from "./compat.js";
import { buildRequestBody } from "./convert.js";

/** Sends one chat-completions request and drives its stream into the run's assembler. */
export async function streamChatCompletions(
	sdk: OpenAISdk,
	model: Model,
	context: Context,
	run: ProviderRun,
): Promise<void> {
	const compat = resolveCompat(model);
	const client = createOpenAIClient(sdk, model, run);
	const body = await run.preparePayload(buildRequestBody(model, context, run.options, compat));
	const stream = await client.chat.completions.create(body, { signal: run.signal });
	const translator = new ChunkTranslator(run.assembler, compat);
	for await (const chunk of stream) {
		run.activity();
		translator.push(chunk as WireChunk);
	}
	// On abort the SDK ends the iteration quietly; the run turns the reason into its error.
	if (run.signal.aborted) throw run.signal.reason;
	translator.end();
}

import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { createOpenAIClient, type OpenAISdkExports } from "../openai-shared/client.js";
import { readOpenAIEvents } from "../openai-shared/read-openai-events.js";
import { ChunkTranslator, type WireChunk } from "./chunks.js";
import { resolveCompat } from "./compat.js";
import { buildRequestBody } from "./convert.js";

/**
 * Sends one chat-completions request and drives its stream into the run's assembler.
 * The SDK sends the request (HTTP errors throw its `APIError`); the body is read raw.
 */
export async function streamChatCompletions(
	sdk: OpenAISdkExports,
	model: Model,
	context: Context,
	run: ProviderRun,
): Promise<void> {
	const compat = resolveCompat(model);
	const client = createOpenAIClient(sdk, model, run);
	const body = await run.preparePayload(buildRequestBody(model, context, run.options, compat));
	const response = await client.chat.completions.create(body, { signal: run.signal }).asResponse();
	const translator = new ChunkTranslator(run.assembler, compat);
	for await (const chunk of readOpenAIEvents(sdk, response, run)) translator.push(chunk as WireChunk);
	// On abort the iteration ends quietly; the run turns the reason into its error.
	if (run.signal.aborted) throw run.signal.reason;
	translator.end();
}

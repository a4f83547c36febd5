import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { createOpenAIClient, type OpenAISdkExports } from "../openai-shared/client.js";
import { readOpenAIEvents } from "../openai-shared/read-openai-events.js";
import { buildRequestBody } from "./convert.js";
import { ResponseEventMapper } from "./events.js";

/**
 * Sends one `POST /responses` with `stream: true` and drives its events into the run's
 * assembler. The SDK sends the request (HTTP errors throw its `APIError`); the body is
 * read raw. The SDK's `responses.stream` helper is not used: it rejects streams that
 * compatible servers send without some of OpenAI's events.
 */
export async function streamResponses(
	sdk: OpenAISdkExports,
	model: Model,
	context: Context,
	run: ProviderRun,
) {
	const body = await run.preparePayload(buildRequestBody(model, context, run.options));
	const client = createOpenAIClient(sdk, model, run);
	const response = await client.responses.create(body, { signal: run.signal }).asResponse();
	const mapper = new ResponseEventMapper(run.assembler);
	for await (const event of readOpenAIEvents(sdk, response, run)) {
		mapper.handle(event as ResponseStreamEvent);
		// The terminal event ends the message; whatever a proxy sends after it is not needed.
		if (run.assembler.finished) return;
	}
	// On abort the iteration ends quietly; the run turns the reason into its error.
	if (run.signal.aborted) throw run.signal.reason;
}

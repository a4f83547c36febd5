import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { createOpenAIClient, type OpenAISdk } from "../openai-shared/client.js";
import { buildRequestBody } from "./convert.js";
import { ResponseEventMapper } from "./events.js";

/**
 * Sends one `POST /responses` with `stream: true` and drives its events into the run's
 * assembler. The SDK's raw event iterator is used, not its `responses.stream` helper,
 * which rejects streams that compatible servers send without some of OpenAI's events.
 */
export async function streamResponses(sdk: OpenAISdk, model: Model, context: Context, run: ProviderRun) {
	const body = await run.preparePayload(buildRequestBody(model, context, run.options));
	const client = createOpenAIClient(sdk, model, run);
	const stream = await client.responses.create(body, { signal: run.signal });
	const mapper = new ResponseEventMapper(run.assembler, model);
	for await (const event of stream) {
		run.activity();
		mapper.handle(event as ResponseStreamEvent);
		// The terminal event ends the message; whatever a proxy sends after it is not needed.
		if (run.assembler.finished) return;
	}
	// On abort the SDK ends the iteration quietly; the run turns the reason into its error.
	if (run.signal.aborted) throw run.signal.reason;
}

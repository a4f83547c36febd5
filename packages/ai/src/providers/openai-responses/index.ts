import type { ProviderImplementation } from "../../types.js";
import type { OpenAISdkExports } from "../openai-shared/client.js";
import { sdkProvider } from "../sdk-provider/sdk-provider.js";
import type { OpenAISdk } from "../sdk-types.js";
import { streamResponses } from "./stream.js";

export type { OpenAISdk } from "../sdk-types.js";
export { joinToolCallId, splitToolCallId } from "./tool-ids.js";

export interface OpenAIResponsesProviderOptions {
	/** Imports the `openai` package; tests pass one that fails. Default `import("openai")`. */
	loadSdk?: () => Promise<OpenAISdk>;
}

const SDK = { packageName: "openai", api: "openai-responses", versionRange: "^7.60.0" };

/**
 * The `openai-responses` API: OpenAI's Responses (`POST /v1/responses`, streamed) through
 * `openai`. Requests are stateless (`store: false`): reasoning is requested encrypted and
 * replayed from the history, never looked up on the server. A tool call's id is
 * `call_id|item_id` (see `joinToolCallId`).
 */
export function createOpenAIResponsesProvider(
	options: OpenAIResponsesProviderOptions = {},
): ProviderImplementation<"openai-responses"> {
	const importer: () => Promise<OpenAISdk> = options.loadSdk ?? (() => import("openai"));
	return sdkProvider<"openai-responses", OpenAISdkExports>(
		"openai-responses",
		SDK,
		importer,
		streamResponses,
	);
}

import { runProviderStream } from "../../provider-run.js";
import { loadSdk } from "../../sdk-loader.js";
import type { ProviderImplementation } from "../../types.js";
import { type AnthropicSdk, streamMessages } from "./stream.js";

export type { AnthropicSdk } from "./stream.js";

export interface AnthropicMessagesProviderOptions {
	/** Imports the SDK. Default: `@anthropic-ai/sdk` and its `streaming` module, on first use. */
	loadSdk?: () => Promise<AnthropicSdk>;
}

const SDK = { packageName: "@anthropic-ai/sdk", api: "anthropic-messages", versionRange: "^1.14.0" };

async function importSdk(): Promise<AnthropicSdk> {
	const [main, streaming] = await Promise.all([
		import("@anthropic-ai/sdk"),
		import("@anthropic-ai/sdk/streaming"),
	]);
	return { Anthropic: main.Anthropic, APIError: main.APIError, Stream: streaming.Stream };
}

/** The Anthropic Messages API (`POST /v1/messages`, streamed) through `@anthropic-ai/sdk`. */
export function createAnthropicMessagesProvider(
	options: AnthropicMessagesProviderOptions = {},
): ProviderImplementation<"anthropic-messages"> {
	const importer = options.loadSdk ?? importSdk;
	return {
		api: "anthropic-messages",
		stream: (model, context, streamOptions) =>
			runProviderStream(model, streamOptions, async (run) => {
				const sdk = await loadSdk(importer, SDK);
				await streamMessages(sdk, model, context, run);
			}),
	};
}

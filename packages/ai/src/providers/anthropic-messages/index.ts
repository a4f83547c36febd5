import { runProviderStream } from "../../provider-run.js";
import { loadSdk } from "../../sdk-loader.js";
import type { ProviderImplementation } from "../../types.js";
import type { AnthropicSdk } from "../sdk-types.js";
import { BUILT_IN_KEY_SOURCES } from "../vendors/built-in-key-sources.js";
import { type AnthropicSdkExports, streamMessages } from "./stream.js";

export type { AnthropicSdk } from "../sdk-types.js";

export interface AnthropicMessagesProviderOptions {
	/** Imports the SDK. Default: `@anthropic-ai/sdk` and its `streaming` module, on first use. */
	loadSdk?: () => Promise<AnthropicSdk>;
}

const SDK = { packageName: "@anthropic-ai/sdk", api: "anthropic-messages", versionRange: "^1.16.0" };

async function importSdk(): Promise<AnthropicSdkExports> {
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
	const importer: () => Promise<AnthropicSdk> = options.loadSdk ?? importSdk;
	return {
		api: "anthropic-messages",
		stream: (model, context, streamOptions) =>
			runProviderStream(
				model,
				streamOptions,
				async (run) => {
					// An app's loader is taken to return the SDK of the peer range.
					const sdk = (await loadSdk(importer, SDK)) as AnthropicSdkExports;
					await streamMessages(sdk, model, context, run);
				},
				{ keySources: BUILT_IN_KEY_SOURCES },
			),
	};
}

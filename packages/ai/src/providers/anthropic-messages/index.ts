import type { ProviderImplementation } from "../../types.js";
import { sdkProvider } from "../sdk-provider/sdk-provider.js";
import type { AnthropicSdk } from "../sdk-types.js";
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
	return sdkProvider<"anthropic-messages", AnthropicSdkExports>(
		"anthropic-messages",
		SDK,
		importer,
		streamMessages,
	);
}

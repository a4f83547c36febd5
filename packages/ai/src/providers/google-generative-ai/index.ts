import { runProviderStream } from "../../provider-run.js";
import { loadSdk } from "../../sdk-loader.js";
import type { ProviderImplementation } from "../../types.js";
import type { GoogleGenAISdk } from "../sdk-types.js";
import { BUILT_IN_KEY_SOURCES } from "../vendors/built-in-key-sources.js";
import { type GoogleGenAISdkExports, streamGenerateContent } from "./stream.js";

export type { GoogleGenAISdk } from "../sdk-types.js";

export interface GoogleGenerativeAIProviderOptions {
	/** Imports the SDK. Default: `@google/genai`, on first use. */
	loadSdk?: () => Promise<GoogleGenAISdk>;
}

const SDK = { packageName: "@google/genai", api: "google-generative-ai", versionRange: "^3.3.0" };

async function importSdk(): Promise<GoogleGenAISdkExports> {
	const { GoogleGenAI, ApiError } = await import("@google/genai");
	return { GoogleGenAI, ApiError };
}

/**
 * The Gemini API (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse`) through
 * `@google/genai`: text, thought summaries with their signatures, whole function calls.
 */
export function createGoogleGenerativeAIProvider(
	options: GoogleGenerativeAIProviderOptions = {},
): ProviderImplementation<"google-generative-ai"> {
	const importer: () => Promise<GoogleGenAISdk> = options.loadSdk ?? importSdk;
	return {
		api: "google-generative-ai",
		stream: (model, context, streamOptions) =>
			runProviderStream(
				model,
				streamOptions,
				async (run) => {
					// An app's loader is taken to return the SDK of the peer range.
					const sdk = (await loadSdk(importer, SDK)) as GoogleGenAISdkExports;
					await streamGenerateContent(sdk, model, context, run);
				},
				{ keySources: BUILT_IN_KEY_SOURCES },
			),
	};
}

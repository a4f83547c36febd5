import type { ProviderImplementation } from "../../types.js";
import { sdkProvider } from "../sdk-provider/sdk-provider.js";
import type { GoogleGenAISdk } from "../sdk-types.js";
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
	return sdkProvider<"google-generative-ai", GoogleGenAISdkExports>(
		"google-generative-ai",
		SDK,
		importer,
		streamGenerateContent,
	);
}

/**
 * What the `loadSdk` option of each built-in provider resolves to.
 *
 * The SDKs are optional peer dependencies: an app installs only those it uses. So these
 * public types name the SDK classes a provider uses without importing their types, and
 * Kestrel's published declarations compile in an app that has none of the SDKs
 * (`test/packaging/declarations.test.ts` keeps it so). Inside, each provider uses the
 * classes as the installed SDK types them.
 */

/** A class exported by a provider SDK. */
export type SdkClass = abstract new (...args: never[]) => object;

/**
 * `@anthropic-ai/sdk`: `Anthropic` and `APIError` from the package, `Stream` from
 * `@anthropic-ai/sdk/streaming`.
 */
export interface AnthropicSdk {
	Anthropic: SdkClass;
	APIError: SdkClass;
	Stream: SdkClass;
}

/** `@google/genai`: the module itself fits, e.g. `() => import("@google/genai")`. */
export interface GoogleGenAISdk {
	GoogleGenAI: SdkClass;
	ApiError: SdkClass;
}

/** `openai`: the module itself fits, e.g. `() => import("openai")`. */
export interface OpenAISdk {
	OpenAI: SdkClass;
	OpenAIError: SdkClass;
	APIError: SdkClass;
}

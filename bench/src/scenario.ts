/** The wire APIs the bench streams through. */
export const APIS = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
] as const;
export type BenchApi = (typeof APIS)[number];

/**
 * What one response carries: a `tool-call` whose argument JSON streams in deltas, or a
 * long `text` reply. Gemini sends a call's arguments whole, in one part, so it has no
 * tool-call scenario: there is nothing incremental to measure.
 */
export const SCENARIOS = ["tool-call", "text"] as const;
export type BenchScenario = (typeof SCENARIOS)[number];

const TOOL_CALL_APIS: readonly BenchApi[] = ["anthropic-messages", "openai-completions", "openai-responses"];

export function supportsScenario(api: BenchApi, scenario: BenchScenario): boolean {
	return scenario === "text" || TOOL_CALL_APIS.includes(api);
}

/** The model id echoed by the wire server; nothing checks it. */
export const MODEL_ID = "bench-model";
/** The loopback server accepts any key; the SDKs and both libraries need one. */
export const API_KEY = "bench-key";
export const TOOL_NAME = "write";
/** Characters per streamed delta (argument text or reply text), as in issue 2. */
export const DELTA_SIZE = 8;

export const USER_PROMPT = "Write the file src/big.ts.";
export const TEXT_PROMPT = "Explain the module src/big.ts, section by section.";
export const TOOL_DESCRIPTION = "Writes a file in the workspace.";

/**
 * The base URL each client expects: Anthropic's SDK adds `/v1/messages`, OpenAI's wants
 * `/v1`. For Gemini, Kestrel gives the SDK the bare root (it adds `/v1beta`), while
 * pi-ai clears the SDK's version and expects the base URL to name it.
 */
export function baseUrlFor(
	api: BenchApi,
	serverUrl: string,
	client: "kestrel" | "pi-ai" = "kestrel",
): string {
	switch (api) {
		case "anthropic-messages":
			return serverUrl;
		case "openai-completions":
		case "openai-responses":
			return `${serverUrl}/v1`;
		case "google-generative-ai":
			return client === "pi-ai" ? `${serverUrl}/v1beta` : serverUrl;
	}
}

/** The request path of each API, for the floor client. */
export function requestPathFor(api: BenchApi): string {
	switch (api) {
		case "anthropic-messages":
			return "/v1/messages";
		case "openai-completions":
			return "/v1/chat/completions";
		case "openai-responses":
			return "/v1/responses";
		case "google-generative-ai":
			return `/v1beta/models/${MODEL_ID}:streamGenerateContent?alt=sse`;
	}
}

/** The vendor a bench model claims to be from; only the SDK choice depends on it. */
export function providerFor(api: BenchApi): "anthropic" | "openai" | "google" {
	if (api === "anthropic-messages") return "anthropic";
	return api === "google-generative-ai" ? "google" : "openai";
}

/** The two wire APIs the bench streams through. */
export const APIS = ["anthropic-messages", "openai-completions"] as const;
export type BenchApi = (typeof APIS)[number];

/** The model id echoed by the wire server; nothing checks it. */
export const MODEL_ID = "bench-model";
/** The loopback server accepts any key; the SDKs and both libraries need one. */
export const API_KEY = "bench-key";
export const TOOL_NAME = "write";
/** Characters per streamed argument delta, as in issue 2. */
export const DELTA_SIZE = 8;

export const USER_PROMPT = "Write the file src/big.ts.";
export const TOOL_DESCRIPTION = "Writes a file in the workspace.";

/** The base URL each SDK expects: Anthropic's adds `/v1/messages`, OpenAI's wants `/v1`. */
export function baseUrlFor(api: BenchApi, serverUrl: string): string {
	return api === "anthropic-messages" ? serverUrl : `${serverUrl}/v1`;
}

/** The request path of each API, for the floor client. */
export function requestPathFor(api: BenchApi): string {
	return api === "anthropic-messages" ? "/v1/messages" : "/v1/chat/completions";
}

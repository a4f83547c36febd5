import { createOpenAICompletionsProvider } from "../../providers/openai-completions/index.js";
import type { ConformanceTarget } from "../conformance/target.js";
import { BUILT_IN_HANDOFF_APIS } from "../handoff/built-in-handoff-apis.js";
import type { WireApiTesting } from "../wire-api-testing.js";
import { encodeOpenAICompletionsStream, openaiErrorResponse } from "../wire-server/openai-completions.js";

/** OpenAI Chat Completions: reasoning without signatures, streamed tool arguments, no cache writes. */
const target: ConformanceTarget = {
	api: "openai-completions",
	model: (serverUrl) => ({
		id: "gpt-4.1",
		name: "GPT-4.1 (wire server)",
		api: "openai-completions",
		provider: "openai",
		baseUrl: `${serverUrl}/v1`,
		reasoning: false,
		input: ["text", "image"],
		cost: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 },
		contextWindow: 1_047_576,
		maxTokens: 32_768,
	}),
	provider: createOpenAICompletionsProvider(),
	options: { apiKey: "sk-conformance" },
	encode: (script) => ({ body: encodeOpenAICompletionsStream(script) }),
	// OpenAI reports its `code` (the type only when there is no code); the suite's type is that code.
	errorResponse: (status, { type, message }, headers) =>
		openaiErrorResponse(status, {
			...(type ? { code: type } : {}),
			message,
			...(headers ? { headers } : {}),
		}),
	httpErrorTypes: {
		400: "invalid_value",
		401: "invalid_api_key",
		429: "rate_limit_exceeded",
		500: "server_error",
		503: "server_error",
	},
	streamError: { type: "rate_limit_exceeded", kind: "rate_limit" },
	malformedFrame: "data: {not json at all\n\n",
	stopReasons: { stop: "stop", length: "length", toolUse: "tool_calls", unknown: "something_new" },
	features: { thinking: "unsigned", toolArguments: "streamed", cacheWrite: false, responseId: true },
};

/** The openai-completions wire API's test kit: its conformance target and its handoff matrix entries. */
export const openAICompletionsTesting: WireApiTesting = {
	conformance: target,
	handoff: [BUILT_IN_HANDOFF_APIS.openaiCompletions, BUILT_IN_HANDOFF_APIS.mistral],
};

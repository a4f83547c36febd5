import { createAnthropicMessagesProvider } from "../../providers/anthropic-messages/index.js";
import type { ConformanceTarget } from "../conformance/target.js";
import { BUILT_IN_HANDOFF_APIS } from "../handoff/built-in-handoff-apis.js";
import type { WireApiTesting } from "../wire-api-testing.js";
import { anthropicErrorResponse, encodeAnthropicStream } from "../wire-server/anthropic-messages.js";

/** Anthropic Messages: signed thinking, streamed tool arguments, cache writes. */
const target: ConformanceTarget = {
	api: "anthropic-messages",
	model: (serverUrl) => ({
		id: "claude-test-4-5",
		name: "Claude Test",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: serverUrl,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 64_000,
	}),
	provider: createAnthropicMessagesProvider(),
	options: { apiKey: "sk-ant-conformance" },
	encode: (script) => ({ body: encodeAnthropicStream(script) }),
	errorResponse: (status, { type, message }, headers) =>
		anthropicErrorResponse(status, { ...(type ? { type } : {}), message, ...(headers ? { headers } : {}) }),
	httpErrorTypes: {
		400: "invalid_request_error",
		401: "authentication_error",
		429: "rate_limit_error",
		500: "api_error",
		503: "api_error",
	},
	streamError: { type: "overloaded_error", kind: "overloaded" },
	malformedFrame: 'event: content_block_delta\ndata: {"type": oops\n\n',
	stopReasons: {
		stop: "end_turn",
		length: "max_tokens",
		toolUse: "tool_use",
		unknown: "a_reason_from_the_future",
	},
	features: { thinking: "signed", toolArguments: "streamed", cacheWrite: true, responseId: true },
};

/** The anthropic-messages wire API's test kit: its conformance target and its handoff matrix entries. */
export const anthropicMessagesTesting: WireApiTesting = {
	conformance: target,
	handoff: [BUILT_IN_HANDOFF_APIS.anthropic],
};

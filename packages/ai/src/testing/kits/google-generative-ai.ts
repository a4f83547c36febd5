import { createGoogleGenerativeAIProvider } from "../../providers/google-generative-ai/index.js";
import type { ConformanceTarget } from "../conformance/target.js";
import { BUILT_IN_HANDOFF_APIS } from "../handoff/built-in-handoff-apis.js";
import type { WireApiTesting } from "../wire-api-testing.js";
import { encodeGeminiStream, geminiErrorResponse } from "../wire-server/google-generative-ai.js";

/**
 * Gemini: signed thoughts, tool arguments whole in one part, no cache writes. Google
 * says "retry after" in the body (`RetryInfo.retryDelay`), not in a header.
 */
const target: ConformanceTarget = {
	api: "google-generative-ai",
	model: (serverUrl) => ({
		id: "gemini-2.5-flash",
		name: "Gemini Test",
		api: "google-generative-ai",
		provider: "google",
		baseUrl: serverUrl,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 0.3, output: 2.5, cacheRead: 0.075, cacheWrite: 0 },
		contextWindow: 1_048_576,
		maxTokens: 65_536,
	}),
	provider: createGoogleGenerativeAIProvider(),
	options: { apiKey: "AIzaSyConformance-0123456789abcdefghij" },
	// As Gemini 2.5 and 3 answer: the first call of a step signed, thoughts counted apart.
	encode: (script) => {
		const firstCall = script.blocks.findIndex((block) => block.type === "toolCall");
		const signatures = firstCall < 0 ? {} : { [firstCall]: "Y2FsbC1zaWduYXR1cmU+/=" };
		const thoughtsTokens = Math.floor((script.usage?.output ?? 0) / 4);
		return { body: encodeGeminiStream(script, { signatures, thoughtsTokens }) };
	},
	errorResponse: (status, { type, message }, headers = {}) => {
		const { "retry-after": retryAfter, ...rest } = headers;
		return geminiErrorResponse(status, {
			...(type ? { status: type } : {}),
			message,
			...(retryAfter === undefined ? {} : { retryDelay: `${retryAfter}s` }),
			headers: rest,
		});
	},
	httpErrorTypes: {
		400: "INVALID_ARGUMENT",
		401: "UNAUTHENTICATED",
		429: "RESOURCE_EXHAUSTED",
		500: "INTERNAL",
		503: "UNAVAILABLE",
	},
	streamError: { type: "RESOURCE_EXHAUSTED", kind: "rate_limit" },
	malformedFrame: 'data: {"candidates": oops\r\n\r\n',
	stopReasons: { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP", unknown: "A_REASON_FROM_THE_FUTURE" },
	features: { thinking: "signed", toolArguments: "whole", cacheWrite: false, responseId: true },
};

/** The google-generative-ai wire API's test kit: its conformance target and its handoff matrix entries. */
export const googleGenerativeAITesting: WireApiTesting = {
	conformance: target,
	handoff: [BUILT_IN_HANDOFF_APIS.google],
};

import type { ConformanceTarget, WireApiTesting } from "@kestrel/ai/testing";
import { createBedrockConverseStreamProvider } from "../provider.js";
import { encodeBedrockStream } from "./converse-stream-encoder.js";
import { bedrockErrorResponse } from "./error-response.js";
import { encodeEventStreamMessage, eventStreamFrameEnds } from "./event-stream-encoder.js";
import { bedrockHandoffApi } from "./handoff.js";

/**
 * Bedrock ConverseStream for the shared conformance suite: Claude on the loopback server
 * through the real AWS SDK, with a Bedrock API key and region us-east-1, so that nothing
 * is read from the environment.
 */
export const bedrockConformanceTarget: ConformanceTarget = {
	api: "bedrock-converse-stream",
	model: (serverUrl) => ({
		id: "anthropic.claude-sonnet-4-5-20250929-v1:0",
		name: "Claude Sonnet 4.5 (conformance)",
		api: "bedrock-converse-stream",
		provider: "amazon-bedrock",
		baseUrl: serverUrl,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 64_000,
		compat: { "bedrock-converse-stream": { region: "us-east-1" } },
	}),
	provider: createBedrockConverseStreamProvider({ env: {} }),
	options: { apiKey: "bedrock-conformance-api-key" },
	encode: (script) => encodeBedrockStream(script),
	errorResponse: (status, { type, message }, headers) =>
		bedrockErrorResponse(status, { ...(type ? { type } : {}), message, ...(headers ? { headers } : {}) }),
	httpErrorTypes: {
		400: "ValidationException",
		401: "UnrecognizedClientException",
		429: "ThrottlingException",
		500: "InternalServerException",
		503: "ServiceUnavailableException",
	},
	streamError: { type: "ThrottlingException", kind: "rate_limit" },
	// A well-formed event whose message CRC is wrong: the SDK must refuse it.
	malformedFrame: encodeEventStreamMessage(
		{
			headers: {
				":event-type": "contentBlockDelta",
				":content-type": "application/json",
				":message-type": "event",
			},
			payload: JSON.stringify({ contentBlockIndex: 0, delta: { text: "never shown" } }),
		},
		{ messageCrc: true },
	),
	stopReasons: {
		stop: "end_turn",
		length: "max_tokens",
		toolUse: "tool_use",
		unknown: "a_reason_from_the_future",
	},
	frameEnds: eventStreamFrameEnds,
	features: { thinking: "signed", toolArguments: "streamed", cacheWrite: true, responseId: true },
};

/** The module's test kit (`bedrockConverseStream.testing()`): its conformance target and handoff entry. */
export const bedrockTesting: WireApiTesting = {
	conformance: bedrockConformanceTarget,
	handoff: [bedrockHandoffApi()],
};

import { type ConformanceTarget, conformanceCases } from "@kestrel/ai/testing";
import { describe, it } from "vitest";
import { createBedrockConverseStreamProvider } from "../src/index.js";
import {
	bedrockErrorResponse,
	encodeBedrockStream,
	encodeEventStreamMessage,
	eventStreamFrameEnds,
} from "../src/testing/index.js";
import { TEST_ENV } from "./fixtures.js";

/** Bedrock through the real AWS SDK, against the loopback server speaking its binary event stream. */
const target: ConformanceTarget = {
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
	}),
	provider: createBedrockConverseStreamProvider({ env: TEST_ENV }),
	encode: (script) => encodeBedrockStream(script),
	errorResponse: (status, { type, message }, headers) =>
		bedrockErrorResponse(status, { ...(type ? { type } : {}), message, ...(headers ? { headers } : {}) }),
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

describe("conformance: Bedrock ConverseStream through the real AWS SDK", () => {
	for (const c of conformanceCases(target)) it(c.name, c.run, c.timeoutMs);
});

import { createOpenAIResponsesProvider } from "../../providers/openai-responses/index.js";
import type { ConformanceTarget } from "../conformance/target.js";
import { BUILT_IN_HANDOFF_APIS } from "../handoff/built-in-handoff-apis.js";
import type { WireApiTesting } from "../wire-api-testing.js";
import { openaiErrorResponse } from "../wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../wire-server/openai-responses.js";

/** A call id as the API makes it: the `call_id` and the output item's id, joined by `|`. */
const responsesId = (id: string) => `${id}|fc_${id}`;

/**
 * OpenAI Responses: signed reasoning (the whole reasoning item is the block's signature,
 * its `encrypted_content` the part the API signs), streamed arguments, cache writes.
 */
const target: ConformanceTarget = {
	api: "openai-responses",
	model: (serverUrl) => ({
		id: "gpt-5",
		name: "GPT-5 (wire server)",
		api: "openai-responses",
		provider: "openai",
		baseUrl: `${serverUrl}/v1`,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
	}),
	provider: createOpenAIResponsesProvider(),
	options: { apiKey: "sk-conformance" },
	encode: (script) => ({
		body: encodeOpenAIResponsesStream({
			...script,
			blocks: script.blocks.map((block) =>
				block.type === "toolCall" ? { ...block, id: responsesId(block.id) } : block,
			),
		}),
	}),
	toolCallId: responsesId,
	signatureOf: (block) =>
		block.thinkingSignature === undefined
			? undefined
			: (JSON.parse(block.thinkingSignature) as { encrypted_content?: string }).encrypted_content,
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
	malformedFrame: "event: response.output_text.delta\ndata: {not json at all\n\n",
	stopReasons: {
		stop: "completed",
		length: "max_output_tokens",
		toolUse: "completed",
		unknown: "queued_for_the_future",
	},
	features: { thinking: "signed", toolArguments: "streamed", cacheWrite: true, responseId: true },
};

/** The openai-responses wire API's test kit: its conformance target and its handoff matrix entries. */
export const openAIResponsesTesting: WireApiTesting = {
	conformance: target,
	handoff: [BUILT_IN_HANDOFF_APIS.openaiResponses],
};

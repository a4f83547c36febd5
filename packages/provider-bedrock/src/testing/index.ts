/**
 * Test doubles for Bedrock: an encoder of ConverseStream's binary event stream
 * (`application/vnd.amazon.eventstream`, with valid CRCs) and of Converse's JSON response
 * for the loopback wire server of `@kestrel/ai/testing`, error responses and exception
 * frames, and the API's entry for the shared handoff matrix.
 */

export { type BedrockConverseOptions, encodeBedrockConverse } from "./converse-response.js";
export {
	type BedrockEncodeOptions,
	bedrockEventFrame,
	bedrockExceptionFrame,
	bedrockStreamResponse,
	encodeBedrockStream,
} from "./converse-stream-encoder.js";
export { bedrockErrorResponse } from "./error-response.js";
export {
	concatMessages,
	type EventStreamDamage,
	type EventStreamMessage,
	encodeEventStreamMessage,
	eventStreamFrameEnds,
} from "./event-stream-encoder.js";
export { bedrockHandoffApi, readBedrockBody } from "./handoff.js";
export { bedrockConformanceTarget, bedrockTesting } from "./kit.js";

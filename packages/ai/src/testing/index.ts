/**
 * Test doubles for apps and for Kestrel's own packages: a scripted provider, a loopback
 * server that speaks each provider's real streaming format to the real SDKs, and the
 * conformance suite that every provider runs against that server.
 */
export { conformanceCases } from "./conformance/cases.js";
export { sseFrameEnds } from "./conformance/frames.js";
export type {
	ConformanceCase,
	ConformanceFeatures,
	ConformanceStreamFunction,
	ConformanceTarget,
} from "./conformance/target.js";
export {
	createFauxProvider,
	type FauxBlock,
	type FauxProvider,
	type FauxProviderOptions,
	type FauxReply,
	type FauxRequest,
	type FauxResponse,
	fauxText,
	fauxThinking,
	fauxToolCall,
} from "./faux-provider.js";
export {
	answer,
	assertAcceptedBy,
	assertNoSignaturesOf,
	BUILT_IN_HANDOFF_APIS,
	builtInHandoffApis,
	callsOf,
	defineHandoffApi,
	type HandoffApi,
	type HandoffApiOptions,
	type HandoffCase,
	type HandoffCaseOptions,
	handoffCases,
	handoffModel,
	type Json,
	type SignedBlock,
	scriptBlocks,
	signedBlocks,
	type TurnPlan,
	turnFor,
	type WireTranscript,
	type WireTurn,
} from "./handoff/index.js";
export {
	type ChosenReply,
	chooseReply,
	matches as conversationWhenMatches,
} from "./kestrel-wire/choose-reply.js";
export {
	CONVERSATION_DUMMY_KEY,
	type ConversationRequestLog,
	type ConversationServer,
	type ConversationServerOptions,
	DEFAULT_CONVERSATION_MODEL,
	startConversationServer,
} from "./kestrel-wire/conversation-server.js";
export { ConversationScriptError, parseConversationScript } from "./kestrel-wire/parse-script.js";
export { type RequestFacts, requestFacts } from "./kestrel-wire/request-facts.js";
export {
	CONVERSATION_APIS,
	type ConversationApi,
	type ConversationReply,
	type ConversationScript,
	ConversationScriptSchema,
	type ConversationToolCall,
	type ConversationWhen,
} from "./kestrel-wire/script-schema.js";
export { anthropicMessagesTesting } from "./kits/anthropic-messages.js";
export { googleGenerativeAITesting } from "./kits/google-generative-ai.js";
export { openAICompletionsTesting } from "./kits/openai-completions.js";
export { openAIResponsesTesting } from "./kits/openai-responses.js";
export { type WireApiTesting, wireApiTestKits } from "./wire-api-testing.js";
export { anthropicErrorResponse, encodeAnthropicStream } from "./wire-server/anthropic-messages.js";
export {
	encodeGeminiStream,
	type GeminiEncodeOptions,
	geminiErrorResponse,
} from "./wire-server/google-generative-ai.js";
export { encodeOpenAICompletionsStream, openaiErrorResponse } from "./wire-server/openai-completions.js";
export {
	encodeOpenAIResponsesStream,
	type OpenAIResponsesEncodeOptions,
} from "./wire-server/openai-responses.js";
export {
	argumentText,
	type ScriptBlock,
	type ScriptUsage,
	splitText,
	sseFrame,
	type WireScript,
} from "./wire-server/script.js";
export {
	type Chunking,
	type RecordedRequest,
	type ScriptedResponse,
	startWireServer,
	type WireRequestContext,
	type WireResponder,
	type WireServer,
	type WireServerOptions,
} from "./wire-server/server.js";

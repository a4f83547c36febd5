export { isOwnMessage, replayAssistantBlock } from "./assistant-content.js";
export { prepareReplay } from "./prepare-replay.js";
export { hasLoneSurrogate, removeLoneSurrogates, removeLoneSurrogatesDeep } from "./surrogates.js";
export {
	ANTHROPIC_MESSAGES_REPLAY,
	GOOGLE_GENERATIVE_AI_REPLAY,
	OPENAI_RESPONSES_REPLAY,
	openAICompletionsReplay,
	type ReplayRules,
} from "./target-rules.js";
export {
	ANTHROPIC_TOOL_CALL_IDS,
	CHAT_COMPLETIONS_TOOL_CALL_IDS,
	GOOGLE_TOOL_CALL_IDS,
	MISTRAL_TOOL_CALL_IDS,
	mapToolCallId,
	OPENAI_RESPONSES_TOOL_CALL_IDS,
	ToolCallIdAssigner,
	type ToolCallIdFormat,
	type ToolCallIdRule,
	toolCallIdRule,
} from "./tool-call-ids.js";
export { missingToolResult, omittedImageNote } from "./user-and-tool-content.js";

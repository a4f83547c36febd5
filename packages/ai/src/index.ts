export { type Static, type TSchema, Type } from "typebox";
export { type BlockKey, MessageAssembler, type UsageReport } from "./assembler.js";
export { apiKeyVariables, getEnvApiKey, requiresApiKey } from "./env-keys.js";
export { classifyFailure, type FailureFacts, type HeaderSource, retryAfterMs } from "./errors/classify.js";
export { isContextOverflowMessage, OVERFLOW_PATTERNS } from "./errors/overflow-patterns.js";
export { AssistantEventStream, EventStream } from "./event-stream.js";
export { parseToolArguments, ToolArgumentsParser } from "./json/tool-arguments-parser.js";
export {
	DEFAULT_FIRST_BYTE_TIMEOUT_MS,
	DEFAULT_IDLE_TIMEOUT_MS,
	type ProviderRun,
	runProviderStream,
} from "./provider-run.js";
export { createAnthropicMessagesProvider } from "./providers/anthropic-messages/index.js";
export { createOpenAICompletionsProvider } from "./providers/openai-completions/index.js";
export { BUILT_IN_SOURCE_ID, registerBuiltInProviders } from "./providers/register-built-ins.js";
export { ProviderRegistry } from "./registry.js";
export { loadSdk, MissingSdkError } from "./sdk-loader.js";
export {
	complete,
	defaultRegistry,
	registerProvider,
	stream,
	unregisterProviders,
} from "./stream.js";
export type * from "./types.js";
export { calculateCost, zeroUsage } from "./usage.js";

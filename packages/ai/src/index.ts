export { type Static, type TSchema, Type } from "typebox";
export { type BlockKey, MessageAssembler, type UsageReport } from "./assembler.js";
export { apiKeyVariables, getEnvApiKey, requiresApiKey } from "./env-keys.js";
export { classifyFailure, type FailureFacts, type HeaderSource, retryAfterMs } from "./errors/classify.js";
export { isContextOverflow } from "./errors/context-overflow.js";
export { isContextOverflowMessage, OVERFLOW_PATTERNS } from "./errors/overflow-patterns.js";
export { AssistantEventStream, EventStream } from "./event-stream.js";
export { parseToolArguments, ToolArgumentsParser } from "./json/tool-arguments-parser.js";
// models.json, local model servers and provider packages: what a host app (the CLI among them) configures models with.
export {
	DEFAULT_PROBE_TIMEOUT_MS,
	LOCAL_PROVIDER,
	type LocalServer,
	localServers,
	localServersFromEnv,
	localServerTimeoutFromEnv,
	probeLocalServers,
} from "./local-servers/local-servers.js";
export { CATALOGUE_DATE } from "./models/catalogue.js";
export {
	CUSTOM_PROVIDER,
	DEFINE_MODEL_DEFAULTS,
	type DefineModelOptions,
	defineModel,
} from "./models/define-model.js";
export {
	type CatalogueModelApi,
	type CatalogueModelId,
	type CatalogueProvider,
	type CatalogueProviderApi,
	findModel,
	getModel,
	getModels,
	getProviders,
} from "./models/get-model.js";
export {
	getProviderDefaults,
	knownProviders,
	type ProviderDefaults,
	type ProviderInfo,
} from "./models/providers.js";
export { validateModel } from "./models/validate.js";
export { compatFlagsTable } from "./models-file/compat-flags-table.js";
export {
	type LoadedModelsFile,
	loadModelsFile,
	modelsFilePackages,
	parseModelsFile,
	type ReadModelsFile,
	readModelsFile,
} from "./models-file/load-models-file.js";
export { ModelsFileError } from "./models-file/models-file-error.js";
export { MODELS_FILE_EXAMPLE } from "./models-file/models-file-example.js";
export {
	modelsFileApiKey,
	modelsFileKeyVariables,
	modelsFileModels,
	providerModels,
} from "./models-file/models-file-models.js";
export {
	type ModelsFile,
	type ModelsFileModel,
	type ModelsFileProvider,
	ModelsFileSchema,
} from "./models-file/models-file-schema.js";
export { validateModelsFile } from "./models-file/validate-models-file.js";
export {
	type LoadedProviderPackage,
	type LoadProviderPackagesOptions,
	loadProviderPackages,
	type ProviderPackageRequest,
	resolvePackageEntry,
} from "./provider-packages/load-provider-packages.js";
export { isPackagePath, resolvePackagePath } from "./provider-packages/package-spec.js";
export { ProviderPackageError } from "./provider-packages/provider-package-error.js";
export { knownSecretVariables } from "./provider-packages/secret-variables.js";
export { isWireApi, wireApisOf } from "./provider-packages/wire-apis-of.js";
export {
	DEFAULT_CONNECT_RETRIES,
	DEFAULT_FIRST_BYTE_TIMEOUT_MS,
	DEFAULT_IDLE_TIMEOUT_MS,
	type ProviderRun,
	runProviderStream,
} from "./provider-run.js";
export { ANTHROPIC_MESSAGES_COMPAT } from "./providers/anthropic-messages/compat-flags.js";
export {
	type AnthropicMessagesProviderOptions,
	type AnthropicSdk,
	createAnthropicMessagesProvider,
} from "./providers/anthropic-messages/index.js";
export { anthropicMessages } from "./providers/anthropic-messages/wire-api.js";
export { type BuiltInWireApi, builtInWireApis } from "./providers/built-in-wire-apis.js";
export { GOOGLE_GENERATIVE_AI_COMPAT } from "./providers/google-generative-ai/compat-flags.js";
export {
	createGoogleGenerativeAIProvider,
	type GoogleGenAISdk,
	type GoogleGenerativeAIProviderOptions,
} from "./providers/google-generative-ai/index.js";
export { googleGenerativeAI } from "./providers/google-generative-ai/wire-api.js";
export { OPENAI_COMPLETIONS_COMPAT } from "./providers/openai-completions/compat-flags.js";
export {
	createOpenAICompletionsProvider,
	type OpenAICompletionsProviderOptions,
} from "./providers/openai-completions/index.js";
export { openAICompletions } from "./providers/openai-completions/wire-api.js";
export { OPENAI_RESPONSES_COMPAT } from "./providers/openai-responses/compat-flags.js";
export {
	createOpenAIResponsesProvider,
	type OpenAIResponsesProviderOptions,
} from "./providers/openai-responses/index.js";
export { openAIResponses } from "./providers/openai-responses/wire-api.js";
export { BUILT_IN_SOURCE_ID, registerBuiltInProviders } from "./providers/register-built-ins.js";
export type { OpenAISdk, SdkClass } from "./providers/sdk-types.js";
export { ProviderRegistry } from "./registry.js";
export {
	ANTHROPIC_MESSAGES_REPLAY,
	ANTHROPIC_TOOL_CALL_IDS,
	CHAT_COMPLETIONS_TOOL_CALL_IDS,
	GOOGLE_GENERATIVE_AI_REPLAY,
	GOOGLE_TOOL_CALL_IDS,
	hasLoneSurrogate,
	isOwnMessage,
	MISTRAL_TOOL_CALL_IDS,
	mapToolCallId,
	OPENAI_RESPONSES_REPLAY,
	OPENAI_RESPONSES_TOOL_CALL_IDS,
	openAICompletionsReplay,
	prepareReplay,
	type ReplayRules,
	removeLoneSurrogates,
	ToolCallIdAssigner,
	type ToolCallIdFormat,
	type ToolCallIdRule,
	toolCallIdRule,
} from "./replay/index.js";
export { loadSdk, MissingSdkError } from "./sdk-loader.js";
export {
	complete,
	defaultRegistry,
	registerProvider,
	registerWireApi,
	stream,
	unregisterProviders,
} from "./stream.js";
export { clampThinkingLevel, THINKING_LEVELS } from "./thinking-levels.js";
export type * from "./types.js";
export { addUsage, calculateCost, zeroUsage } from "./usage.js";
export { knownWireApis } from "./wire-api/lookup.js";
export {
	type CredentialsRequest,
	defineWireApi,
	type WireApi,
	type WireApiAuth,
	type WireApiCompat,
	type WireApiProvider,
	type WireApiProviders,
} from "./wire-api/wire-api.js";

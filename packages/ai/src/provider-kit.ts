/**
 * `@kestrel/ai/provider-kit`: everything a provider package needs to implement a wire
 * API, in one place. A provider is a {@link WireApi} module whose implementation runs each
 * request inside `runProviderStream` and reports what arrives through the
 * `MessageAssembler` it is given. See `docs/adding-a-provider.md`.
 */
export { type BlockKey, MessageAssembler, type UsageReport } from "./assembler.js";
export { classifyFailure, type FailureFacts, type HeaderSource, retryAfterMs } from "./errors/classify.js";
export { type DescribedFailure, describeThrown } from "./errors/from-thrown.js";
export { isContextOverflowMessage } from "./errors/overflow-patterns.js";
export { AssistantEventStream, EventStream } from "./event-stream.js";
export { parseToolArguments, ToolArgumentsParser } from "./json/tool-arguments-parser.js";
export { ProviderHttpError } from "./kit/http-error.js";
export { type ReadNdjsonOptions, readNdjson } from "./kit/read-ndjson.js";
export type { ProviderKeySource } from "./provider-keys.js";
export {
	DEFAULT_CONNECT_RETRIES,
	DEFAULT_FIRST_BYTE_TIMEOUT_MS,
	DEFAULT_IDLE_TIMEOUT_MS,
	type ProviderRun,
	type ProviderRunHooks,
	runProviderStream,
} from "./provider-run.js";
export {
	hasLoneSurrogate,
	isOwnMessage,
	mapToolCallId,
	prepareReplay,
	type ReplayRules,
	removeLoneSurrogates,
	ToolCallIdAssigner,
	type ToolCallIdFormat,
	type ToolCallIdRule,
	toolCallIdRule,
} from "./replay/index.js";
export { loadSdk, MissingSdkError } from "./sdk-loader.js";
export { type ReadSseOptions, readSseEvents, type SseFrame } from "./sse/read-sse-events.js";
export { calculateCost } from "./usage.js";
export {
	type CredentialsRequest,
	defineWireApi,
	type WireApi,
	type WireApiAuth,
	type WireApiCompat,
	type WireApiProvider,
	type WireApiProviders,
} from "./wire-api/wire-api.js";

/**
 * `@kestrel/provider-bedrock`: Amazon Bedrock's ConverseStream API as a Kestrel provider
 * package. Register {@link bedrockConverseStream} with `registerWireApi` (an app), or name
 * the package in `kestrel`'s settings (`"providers": ["@kestrel/provider-bedrock"]`).
 */
export { BEDROCK_CATALOGUE_DATE, BEDROCK_MODELS } from "./catalogue.js";
export {
	BEDROCK_CONVERSE_STREAM,
	BEDROCK_CONVERSE_STREAM_COMPAT,
	type BedrockConverseStreamCompat,
	type ResolvedBedrockCompat,
	resolveCompat,
} from "./compat-flags.js";
export {
	BEDROCK_API_KEY_VARIABLE,
	BEDROCK_CREDENTIALS_ADVICE,
	BEDROCK_SECRET_VARIABLES,
	type BedrockAuth,
	BedrockCredentialsError,
	BedrockCredentialsResolver,
} from "./credentials.js";
export {
	BedrockConnectionError,
	BedrockServiceError,
	describeBedrockError,
	EXCEPTION_STATUS,
} from "./errors.js";
export {
	type BedrockConverseStreamProviderOptions,
	createBedrockConverseStreamProvider,
} from "./provider.js";
export {
	BedrockRegionError,
	type BedrockTarget,
	DEFAULT_BASE_URL,
	DEFAULT_REGION,
	planTarget,
	regionInUrl,
} from "./region.js";
export { BEDROCK_CONVERSE_REPLAY, BEDROCK_TOOL_CALL_IDS } from "./replay-rules.js";
export type { BedrockSdk } from "./sdk.js";
export { bedrockConverseStream } from "./wire-api.js";

import { defineWireApi, type WireApiProvider } from "@kestrel/ai/provider-kit";
import { BEDROCK_MODELS } from "./catalogue.js";
import { BEDROCK_CONVERSE_STREAM_COMPAT, type BedrockConverseStreamCompat } from "./compat-flags.js";
import {
	BEDROCK_CREDENTIALS_ADVICE,
	BEDROCK_SECRET_VARIABLES,
	BedrockCredentialsResolver,
} from "./credentials.js";
import { describeBedrockError } from "./errors.js";
import { createBedrockConverseStreamProvider } from "./provider.js";
import { DEFAULT_BASE_URL } from "./region.js";
import { BEDROCK_CONVERSE_REPLAY } from "./replay-rules.js";
import { importBedrockSdk } from "./sdk.js";

const PROVIDERS = {
	"amazon-bedrock": {
		name: "Amazon Bedrock",
		baseUrl: DEFAULT_BASE_URL,
		defaultModel: "global.anthropic.claude-sonnet-4-6",
	},
} satisfies Record<string, WireApiProvider<BedrockConverseStreamCompat>>;

/**
 * Amazon Bedrock's ConverseStream API as a Kestrel wire API: register it once and every
 * model with `api: "bedrock-converse-stream"` streams through Bedrock.
 *
 * ```ts
 * import { registerWireApi } from "@kestrel/ai";
 * import { bedrockConverseStream } from "@kestrel/provider-bedrock";
 *
 * registerWireApi(bedrockConverseStream);
 * ```
 *
 * Authentication is the AWS credential chain or a Bedrock API key (`auth.resolve`, see
 * `BedrockCredentialsResolver`); the region comes from the model's base URL or the AWS
 * configuration (see `planTarget`). Its provider is `amazon-bedrock`; its catalogue is
 * {@link BEDROCK_MODELS}.
 */
export const bedrockConverseStream = defineWireApi({
	api: "bedrock-converse-stream",
	title: "Amazon Bedrock ConverseStream",
	compat: BEDROCK_CONVERSE_STREAM_COMPAT,
	auth: {
		kind: "credentials",
		describe: BEDROCK_CREDENTIALS_ADVICE,
		secretVariables: BEDROCK_SECRET_VARIABLES,
		// A check outside a request: a fresh resolver, so nothing is cached between checks.
		resolve: (request) => new BedrockCredentialsResolver(importBedrockSdk).resolve(request),
	},
	providers: PROVIDERS,
	models: BEDROCK_MODELS,
	createProvider: () => createBedrockConverseStreamProvider(),
	replayRules: () => BEDROCK_CONVERSE_REPLAY,
	describeError: describeBedrockError,
	// Test code in a module of its own, loaded only by the shared suites (wireApiTestKits).
	testing: () => import("./testing/kit.js").then((kit) => kit.bedrockTesting),
});

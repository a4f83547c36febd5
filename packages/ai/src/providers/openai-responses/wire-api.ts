import type { Static } from "typebox";
import { OPENAI_RESPONSES_REPLAY } from "../../replay/target-rules.js";
import type { WireApi, WireApiProvider } from "../../wire-api/wire-api.js";
import { OPENAI_RESPONSES_COMPAT } from "./compat-flags.js";
import { createOpenAIResponsesProvider } from "./index.js";

const PROVIDERS = {
	openai: {
		name: "OpenAI",
		baseUrl: "https://api.openai.com/v1",
		apiKeyVariables: ["OPENAI_API_KEY"],
		defaultModel: "gpt-6.1-terra",
	},
} satisfies Record<string, WireApiProvider<Static<typeof OPENAI_RESPONSES_COMPAT>>>;

/**
 * The OpenAI Responses API (`POST /v1/responses`) through `openai`. OpenAI's own models
 * use it: it is the only API that returns their encrypted reasoning for replay.
 */
export const openAIResponses: WireApi<
	"openai-responses",
	typeof OPENAI_RESPONSES_COMPAT,
	keyof typeof PROVIDERS
> = {
	api: "openai-responses",
	title: "OpenAI Responses",
	compat: OPENAI_RESPONSES_COMPAT,
	auth: { kind: "key" },
	providers: PROVIDERS,
	createProvider: () => createOpenAIResponsesProvider(),
	testing: () => import("../../testing/kits/openai-responses.js").then((kit) => kit.openAIResponsesTesting),
	replayRules: () => OPENAI_RESPONSES_REPLAY,
};

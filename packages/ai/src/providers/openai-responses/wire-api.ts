import { OPENAI_RESPONSES_REPLAY } from "../../replay/target-rules.js";
import type { WireApi } from "../../wire-api/wire-api.js";
import { OPENAI_RESPONSES_PROVIDERS } from "../vendors/openai-responses.js";
import { OPENAI_RESPONSES_COMPAT } from "./compat-flags.js";
import { createOpenAIResponsesProvider } from "./index.js";

/**
 * The OpenAI Responses API (`POST /v1/responses`) through `openai`. OpenAI's own models
 * use it: it is the only API that returns their encrypted reasoning for replay.
 */
export const openAIResponses: WireApi<
	"openai-responses",
	typeof OPENAI_RESPONSES_COMPAT,
	keyof typeof OPENAI_RESPONSES_PROVIDERS
> = {
	api: "openai-responses",
	title: "OpenAI Responses",
	compat: OPENAI_RESPONSES_COMPAT,
	auth: { kind: "key" },
	providers: OPENAI_RESPONSES_PROVIDERS,
	createProvider: () => createOpenAIResponsesProvider(),
	testing: () => import("../../testing/kits/openai-responses.js").then((kit) => kit.openAIResponsesTesting),
	replayRules: () => OPENAI_RESPONSES_REPLAY,
};

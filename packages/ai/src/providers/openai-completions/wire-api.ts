import { openAICompletionsReplay } from "../../replay/target-rules.js";
import type { WireApi } from "../../wire-api/wire-api.js";
import { OPENAI_COMPLETIONS_PROVIDERS } from "../vendors/openai-completions.js";
import { resolveToolCallIdFormat } from "./compat.js";
import { OPENAI_COMPLETIONS_COMPAT } from "./compat-flags.js";
import { createOpenAICompletionsProvider } from "./index.js";

/**
 * OpenAI Chat Completions (`POST /chat/completions`) through `openai`: the one format every
 * OpenAI-compatible server implements, hosted or local.
 */
export const openAICompletions: WireApi<
	"openai-completions",
	typeof OPENAI_COMPLETIONS_COMPAT,
	keyof typeof OPENAI_COMPLETIONS_PROVIDERS
> = {
	api: "openai-completions",
	title: "OpenAI Chat Completions (and compatible servers)",
	compat: OPENAI_COMPLETIONS_COMPAT,
	auth: { kind: "key" },
	providers: OPENAI_COMPLETIONS_PROVIDERS,
	createProvider: () => createOpenAICompletionsProvider(),
	testing: () =>
		import("../../testing/kits/openai-completions.js").then((kit) => kit.openAICompletionsTesting),
	replayRules: (model) => openAICompletionsReplay(resolveToolCallIdFormat(model)),
};

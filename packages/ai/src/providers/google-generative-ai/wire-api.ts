import { GOOGLE_GENERATIVE_AI_REPLAY } from "../../replay/target-rules.js";
import type { WireApi } from "../../wire-api/wire-api.js";
import { GOOGLE_GENERATIVE_AI_PROVIDERS } from "../vendors/google-generative-ai.js";
import { GOOGLE_GENERATIVE_AI_COMPAT } from "./compat-flags.js";
import { createGoogleGenerativeAIProvider } from "./index.js";

/** The Gemini API (`streamGenerateContent`, v1beta) through `@google/genai`. */
export const googleGenerativeAI: WireApi<
	"google-generative-ai",
	typeof GOOGLE_GENERATIVE_AI_COMPAT,
	keyof typeof GOOGLE_GENERATIVE_AI_PROVIDERS
> = {
	api: "google-generative-ai",
	title: "Google Generative AI (Gemini)",
	compat: GOOGLE_GENERATIVE_AI_COMPAT,
	auth: { kind: "key" },
	providers: GOOGLE_GENERATIVE_AI_PROVIDERS,
	createProvider: () => createGoogleGenerativeAIProvider(),
	testing: () =>
		import("../../testing/kits/google-generative-ai.js").then((kit) => kit.googleGenerativeAITesting),
	replayRules: () => GOOGLE_GENERATIVE_AI_REPLAY,
};

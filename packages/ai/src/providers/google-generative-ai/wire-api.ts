import type { Static } from "typebox";
import { GOOGLE_GENERATIVE_AI_REPLAY } from "../../replay/target-rules.js";
import type { WireApi, WireApiProvider } from "../../wire-api/wire-api.js";
import { GOOGLE_GENERATIVE_AI_COMPAT } from "./compat-flags.js";
import { createGoogleGenerativeAIProvider } from "./index.js";

const PROVIDERS = {
	google: {
		name: "Google Gemini API",
		baseUrl: "https://generativelanguage.googleapis.com",
		apiKeyVariables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
		defaultModel: "gemini-3.8-flash",
	},
} satisfies Record<string, WireApiProvider<Static<typeof GOOGLE_GENERATIVE_AI_COMPAT>>>;

/** The Gemini API (`streamGenerateContent`, v1beta) through `@google/genai`. */
export const googleGenerativeAI: WireApi<
	"google-generative-ai",
	typeof GOOGLE_GENERATIVE_AI_COMPAT,
	keyof typeof PROVIDERS
> = {
	api: "google-generative-ai",
	title: "Google Generative AI (Gemini)",
	compat: GOOGLE_GENERATIVE_AI_COMPAT,
	auth: { kind: "key" },
	providers: PROVIDERS,
	createProvider: () => createGoogleGenerativeAIProvider(),
	testing: () =>
		import("../../testing/kits/google-generative-ai.js").then((kit) => kit.googleGenerativeAITesting),
	replayRules: () => GOOGLE_GENERATIVE_AI_REPLAY,
};

import type { Static } from "typebox";
import type { WireApiProvider } from "../../wire-api/wire-api.js";
import type { GOOGLE_GENERATIVE_AI_COMPAT } from "../google-generative-ai/compat-flags.js";

/** The vendors that serve `google-generative-ai`: the `providers` of its wire API module. */
export const GOOGLE_GENERATIVE_AI_PROVIDERS = {
	google: {
		name: "Google Gemini API",
		baseUrl: "https://generativelanguage.googleapis.com",
		apiKeyVariables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
		defaultModel: "gemini-3.8-flash",
	},
} satisfies Record<string, WireApiProvider<Static<typeof GOOGLE_GENERATIVE_AI_COMPAT>>>;

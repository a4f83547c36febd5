import type { Static } from "typebox";
import type { WireApiProvider } from "../../wire-api/wire-api.js";
import type { OPENAI_RESPONSES_COMPAT } from "../openai-responses/compat-flags.js";

/** The vendors that serve `openai-responses`: the `providers` of its wire API module. */
export const OPENAI_RESPONSES_PROVIDERS = {
	openai: {
		name: "OpenAI",
		baseUrl: "https://api.openai.com/v1",
		apiKeyVariables: ["OPENAI_API_KEY"],
		defaultModel: "gpt-6.1-terra",
	},
} satisfies Record<string, WireApiProvider<Static<typeof OPENAI_RESPONSES_COMPAT>>>;

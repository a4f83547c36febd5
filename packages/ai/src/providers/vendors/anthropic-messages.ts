import type { Static } from "typebox";
import type { WireApiProvider } from "../../wire-api/wire-api.js";
import type { ANTHROPIC_MESSAGES_COMPAT } from "../anthropic-messages/compat-flags.js";

/** The vendors that serve `anthropic-messages`: the `providers` of its wire API module. */
export const ANTHROPIC_MESSAGES_PROVIDERS = {
	anthropic: {
		name: "Anthropic",
		baseUrl: "https://api.anthropic.com",
		apiKeyVariables: ["ANTHROPIC_API_KEY"],
		defaultModel: "claude-sonnet-5-5",
	},
} satisfies Record<string, WireApiProvider<Static<typeof ANTHROPIC_MESSAGES_COMPAT>>>;

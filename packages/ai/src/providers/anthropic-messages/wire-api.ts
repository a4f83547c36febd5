import type { Static } from "typebox";
import { ANTHROPIC_MESSAGES_REPLAY } from "../../replay/target-rules.js";
import type { WireApi, WireApiProvider } from "../../wire-api/wire-api.js";
import { ANTHROPIC_MESSAGES_COMPAT } from "./compat-flags.js";
import { createAnthropicMessagesProvider } from "./index.js";

const PROVIDERS = {
	anthropic: {
		name: "Anthropic",
		baseUrl: "https://api.anthropic.com",
		apiKeyVariables: ["ANTHROPIC_API_KEY"],
		defaultModel: "claude-sonnet-5-5",
	},
} satisfies Record<string, WireApiProvider<Static<typeof ANTHROPIC_MESSAGES_COMPAT>>>;

/** The Anthropic Messages API (`POST /v1/messages`) through `@anthropic-ai/sdk`. */
export const anthropicMessages: WireApi<
	"anthropic-messages",
	typeof ANTHROPIC_MESSAGES_COMPAT,
	keyof typeof PROVIDERS
> = {
	api: "anthropic-messages",
	title: "Anthropic Messages",
	compat: ANTHROPIC_MESSAGES_COMPAT,
	auth: { kind: "key" },
	providers: PROVIDERS,
	createProvider: () => createAnthropicMessagesProvider(),
	testing: () =>
		import("../../testing/kits/anthropic-messages.js").then((kit) => kit.anthropicMessagesTesting),
	replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
};

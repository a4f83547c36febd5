import { ANTHROPIC_MESSAGES_REPLAY } from "../../replay/target-rules.js";
import type { WireApi } from "../../wire-api/wire-api.js";
import { ANTHROPIC_MESSAGES_PROVIDERS } from "../vendors/anthropic-messages.js";
import { ANTHROPIC_MESSAGES_COMPAT } from "./compat-flags.js";
import { createAnthropicMessagesProvider } from "./index.js";

/** The Anthropic Messages API (`POST /v1/messages`) through `@anthropic-ai/sdk`. */
export const anthropicMessages: WireApi<
	"anthropic-messages",
	typeof ANTHROPIC_MESSAGES_COMPAT,
	keyof typeof ANTHROPIC_MESSAGES_PROVIDERS
> = {
	api: "anthropic-messages",
	title: "Anthropic Messages",
	compat: ANTHROPIC_MESSAGES_COMPAT,
	auth: { kind: "key" },
	providers: ANTHROPIC_MESSAGES_PROVIDERS,
	createProvider: () => createAnthropicMessagesProvider(),
	testing: () =>
		import("../../testing/kits/anthropic-messages.js").then((kit) => kit.anthropicMessagesTesting),
	replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
};

import type { Model } from "@kestrel/ai";
import { type Static, Type } from "typebox";

/** The wire API id of Amazon Bedrock's ConverseStream API. */
export const BEDROCK_CONVERSE_STREAM = "bedrock-converse-stream";

/**
 * Differences between the models Bedrock serves through ConverseStream. Every flag is
 * optional: its default is derived from the model id (see {@link resolveCompat}).
 */
export const BEDROCK_CONVERSE_STREAM_COMPAT = Type.Object(
	{
		region: Type.Optional(
			Type.String({
				description:
					"The AWS region requests are signed for. Needed for a base URL that names none (a proxy, a gateway); " +
					"it also wins over the region in the base URL. Default: the region in the base URL, else the AWS " +
					"configuration's (AWS_REGION, AWS_DEFAULT_REGION, the profile's region).",
			}),
		),
		thinking: Type.Optional(
			Type.Union([Type.Literal("anthropic-budget"), Type.Literal("none")], {
				description:
					"How the unified reasoning level is sent: `anthropic-budget` as Claude's " +
					"`thinking.budget_tokens` in `additionalModelRequestFields`; `none` sends no reasoning field. " +
					"Default: `anthropic-budget` for reasoning models whose id contains `anthropic.claude`, else `none`.",
			}),
		),
		cachePoints: Type.Optional(
			Type.Union([Type.Literal("all"), Type.Literal("system-and-messages"), Type.Literal("none")], {
				description:
					"Where `cachePoint` blocks go when the request caches (`cacheRetention` not `none`): `all` after the " +
					"system prompt, the tools and the last user message (Claude); `system-and-messages` leaves out the " +
					"tools (Amazon Nova); `none` sends none (models without prompt caching, which reject them). " +
					"Default: `all` for `anthropic.claude` ids, `system-and-messages` for `amazon.nova` ids, else `none`.",
			}),
		),
		toolResultStatus: Type.Optional(
			Type.Boolean({
				description:
					'Whether a failed tool result is sent with `status: "error"`. Only Claude and Amazon Nova take the ' +
					"field (others reject the request); without it, an error result starts with a sentence that says so. " +
					"Default: true for `anthropic.claude` and `amazon.nova` ids, else false.",
			}),
		),
		streamingToolUse: Type.Optional(
			Type.Boolean({
				description:
					"Whether the model takes tools in a streamed request. `false`: a request that carries tools is sent " +
					"with the non-streaming Converse call and its whole answer is replayed as the events a stream would " +
					"have produced (no text arrives until the model has finished, and `firstByteTimeoutMs` bounds the " +
					"whole call); requests without tools still stream. Default: false for `meta.llama` and `mistral.` " +
					"ids (Bedrock refuses their tools in ConverseStream), else true.",
			}),
		),
	},
	{ additionalProperties: false },
);

/** The compat flags of `bedrock-converse-stream`, as `Model.compat["bedrock-converse-stream"]` holds them. */
export type BedrockConverseStreamCompat = Static<typeof BEDROCK_CONVERSE_STREAM_COMPAT>;

declare module "@kestrel/ai" {
	interface WireApiCompatMap {
		"bedrock-converse-stream": BedrockConverseStreamCompat;
	}
}

/** Every flag with its default applied; the rest of the provider reads only this. */
export interface ResolvedBedrockCompat {
	region: string | undefined;
	thinking: "anthropic-budget" | "none";
	cachePoints: "all" | "system-and-messages" | "none";
	toolResultStatus: boolean;
	streamingToolUse: boolean;
}

/** The model's flags with their defaults, which depend on the model id. Pure. */
export function resolveCompat(model: Model): ResolvedBedrockCompat {
	const flags = model.compat?.[BEDROCK_CONVERSE_STREAM];
	const claude = model.id.includes("anthropic.claude");
	const nova = model.id.includes("amazon.nova");
	// Llama and Mistral take tools on Converse only: ConverseStream refuses a request that carries them.
	const toolsUnstreamed = model.id.includes("meta.llama") || model.id.includes("mistral.");
	return {
		region: flags?.region || undefined,
		thinking: flags?.thinking ?? (claude && model.reasoning ? "anthropic-budget" : "none"),
		cachePoints: flags?.cachePoints ?? (claude ? "all" : nova ? "system-and-messages" : "none"),
		toolResultStatus: flags?.toolResultStatus ?? (claude || nova),
		streamingToolUse: flags?.streamingToolUse ?? !toolsUnstreamed,
	};
}

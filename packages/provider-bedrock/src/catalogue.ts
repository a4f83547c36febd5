import { type DefineModelOptions, defineModel, type Model, type ModelCost } from "@kestrel/ai";
import { DEFAULT_BASE_URL } from "./region.js";

/** The day the figures below were checked. */
export const BEDROCK_CATALOGUE_DATE = "2026-12-03";

// Sources, checked on BEDROCK_CATALOGUE_DATE:
// - Claude on ConverseStream: Anthropic's "Claude on Amazon Bedrock (legacy)" page lists the
//   models with ARN-versioned Bedrock ids (the Converse API) and their global/us profiles;
//   newer Claude models are on the Messages-API Bedrock endpoint only and are not listed here.
//   Anthropic's "Model IDs and versions" page gives the id formats. Claude 4.5 and later cost
//   the same as on the Anthropic API through a global profile and 10% more through a
//   geographic (`us.`) profile or in-region; cache reads are 0.1x input, 5-minute cache
//   writes 1.25x (Bedrock pricing write-ups that quote the pricing page). Haiku 4.5: 200K
//   context, 64K output (its Bedrock model card). Sonnet 4.6: a 1M context; its output limit
//   is given as 64K by two listings and 128K by a third: the lower figure is used.
// - Amazon Nova Micro, Lite and Pro (v1): context, 5K output and modalities from their
//   Bedrock model cards; prices from the Bedrock pricing page as quoted in 2026 write-ups;
//   cached input 75% off (Nova Pro $0.20 per million). No cache-write price was found for
//   Nova: writes are priced at the input rate here.
// - Meta Llama 4 Maverick and Mistral Large 2 (24.07): Bedrock takes their tools only without
//   streaming (AWS's "Supported models and model features" table for Converse marks Llama 3.x
//   and Mistral Large 2 "Streaming tool use: No"; Llama 4 answers a ConverseStream request
//   with tools "This model doesn't support tool use in streaming mode"); the
//   `streamingToolUse` compat flag, false by default for `meta.llama` and `mistral.` ids,
//   sends their tool turns through Converse. Limits from the model cards: Llama 4 Maverick
//   (on demand through the geographic profile only) 1M context, 8K output, text and image;
//   Mistral Large 2 (24.07) 128K context, 8K output, text. Prices (us-east-1 on demand): the
//   stored copies of the Bedrock pricing page carry no figures (it fills its tables in the
//   browser), so they are the pricing page's figures as quoted by price listings, which agree
//   with each other (searched 2026-12-04): Maverick $0.24 in / $0.97 out, Mistral Large 2
//   $2 / $6 per million tokens. Neither has prompt caching on Bedrock: no cache prices.
// Left out: Nova Premier (deprecated; retired 2026-09-14 by one listing), Claude Opus 4.6
// and Sonnet 4.5 (no Bedrock figures found; Sonnet 4.5 is deprecated); Llama 4 Scout and
// Llama 3.3 70B (no AWS model card found for their limits); Pixtral Large (its card says
// Converse "No", so it cannot be used through this API); Mistral Large 3 (its card gives no
// context window or output limit). Any of them works with `defineModel`.

type CatalogueEntry = Omit<DefineModelOptions<"bedrock-converse-stream">, "api" | "provider" | "baseUrl">;

function bedrock(entry: CatalogueEntry): Model<"bedrock-converse-stream"> {
	return defineModel({
		...entry,
		api: "bedrock-converse-stream",
		provider: "amazon-bedrock",
		baseUrl: DEFAULT_BASE_URL,
	});
}

/** A Claude price list: cache reads 0.1x input, cache writes 1.25x; `regional` adds Bedrock's 10%. */
function claudeCost(input: number, output: number, regional: boolean): ModelCost {
	const factor = regional ? 1.1 : 1;
	const round = (value: number) => Math.round(value * factor * 1e6) / 1e6;
	return {
		input: round(input),
		output: round(output),
		cacheRead: round(input * 0.1),
		cacheWrite: round(input * 1.25),
	};
}

/** A Claude model through its global profile and its US profile. */
function claude(
	id: string,
	name: string,
	prices: { input: number; output: number },
	limits: { contextWindow: number; maxTokens: number },
): Model<"bedrock-converse-stream">[] {
	const common = { reasoning: true, input: ["text", "image"] as ("text" | "image")[], ...limits };
	return [
		bedrock({
			id: `global.${id}`,
			name: `${name} (global)`,
			cost: claudeCost(prices.input, prices.output, false),
			...common,
		}),
		bedrock({
			id: `us.${id}`,
			name: `${name} (US)`,
			cost: claudeCost(prices.input, prices.output, true),
			...common,
		}),
	];
}

/**
 * Current Bedrock models on ConverseStream, with their limits and prices (USD per million
 * tokens), all with the provider's default base URL (the region of your AWS configuration).
 * Found by `findModel("amazon-bedrock", id)` once the module is registered. For a model that
 * is not here (another profile, a provisioned model's ARN), use `defineModel` with
 * `api: "bedrock-converse-stream"`.
 */
export const BEDROCK_MODELS: readonly Model<"bedrock-converse-stream">[] = [
	...claude(
		"anthropic.claude-haiku-4-5-20251001-v1:0",
		"Claude Haiku 4.5",
		{ input: 1, output: 5 },
		{ contextWindow: 200_000, maxTokens: 64_000 },
	),
	...claude(
		"anthropic.claude-sonnet-4-6",
		"Claude Sonnet 4.6",
		{ input: 3, output: 15 },
		{ contextWindow: 1_000_000, maxTokens: 64_000 },
	),
	bedrock({
		id: "amazon.nova-micro-v1:0",
		name: "Amazon Nova Micro",
		input: ["text"],
		cost: { input: 0.035, output: 0.14, cacheRead: 0.00875, cacheWrite: 0.035 },
		contextWindow: 128_000,
		maxTokens: 5_000,
	}),
	bedrock({
		id: "amazon.nova-lite-v1:0",
		name: "Amazon Nova Lite",
		input: ["text", "image"],
		cost: { input: 0.06, output: 0.24, cacheRead: 0.015, cacheWrite: 0.06 },
		contextWindow: 300_000,
		maxTokens: 5_000,
	}),
	bedrock({
		id: "amazon.nova-pro-v1:0",
		name: "Amazon Nova Pro",
		input: ["text", "image"],
		cost: { input: 0.8, output: 3.2, cacheRead: 0.2, cacheWrite: 0.8 },
		contextWindow: 300_000,
		maxTokens: 5_000,
	}),
	bedrock({
		id: "us.meta.llama4-maverick-17b-instruct-v1:0",
		name: "Llama 4 Maverick 17B (US)",
		input: ["text", "image"],
		cost: { input: 0.24, output: 0.97, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 1_000_000,
		maxTokens: 8_192,
	}),
	bedrock({
		id: "mistral.mistral-large-2407-v1:0",
		name: "Mistral Large 2 (24.07)",
		input: ["text"],
		cost: { input: 2, output: 6, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 128_000,
		maxTokens: 8_192,
	}),
];

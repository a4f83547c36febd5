import { type Static, Type } from "typebox";

const literals = <const T extends string[]>(...values: T) =>
	Type.Union(values.map((value) => Type.Literal(value)));

/** USD per million tokens; a missing price is 0. */
const CostSchema = Type.Object(
	{
		input: Type.Optional(Type.Number({ minimum: 0 })),
		output: Type.Optional(Type.Number({ minimum: 0 })),
		cacheRead: Type.Optional(Type.Number({ minimum: 0 })),
		cacheWrite: Type.Optional(Type.Number({ minimum: 0 })),
	},
	{ additionalProperties: false },
);

/**
 * How a server differs from the API's reference (`ModelCompat` of `@kestrel/ai`, flat: the
 * flags of the provider's `api`). Which flags apply to which API is checked when the
 * models are built (`compatProblems`).
 */
const CompatSchema = Type.Object(
	{
		// openai-completions
		maxTokensField: Type.Optional(literals("max_completion_tokens", "max_tokens")),
		systemRole: Type.Optional(literals("developer", "system")),
		supportsUsageInStreaming: Type.Optional(Type.Boolean()),
		supportsReasoningEffort: Type.Optional(Type.Boolean()),
		supportsStore: Type.Optional(Type.Boolean()),
		reasoningField: Type.Optional(Type.String({ minLength: 1 })),
		toolCallIdFormat: Type.Optional(literals("default", "mistral")),
		thinkTags: Type.Optional(literals("leading", "prefilled")),
		// anthropic-messages ("budget" | "adaptive") and google-generative-ai ("budget" | "level")
		thinkingMode: Type.Optional(literals("budget", "adaptive", "level")),
		// openai-responses
		reasoningSummary: Type.Optional(literals("auto", "concise", "detailed", "none")),
	},
	{ additionalProperties: false },
);

/** One model of a custom provider in `models.json`. */
export const ModelsFileModelSchema = Type.Object(
	{
		id: Type.String({ minLength: 1 }),
		name: Type.Optional(Type.String({ minLength: 1 })),
		contextWindow: Type.Optional(Type.Integer({ minimum: 1 })),
		maxTokens: Type.Optional(Type.Integer({ minimum: 1 })),
		reasoning: Type.Optional(Type.Boolean()),
		/** The levels the model accepts, when not all of them. */
		thinkingLevels: Type.Optional(Type.Array(literals("off", "minimal", "low", "medium", "high", "xhigh"))),
		input: Type.Optional(Type.Array(literals("text", "image"))),
		cost: Type.Optional(CostSchema),
		/** Merged over the provider's `compat`. */
		compat: Type.Optional(CompatSchema),
	},
	{ additionalProperties: false },
);

/** A provider in `models.json`: a base URL, the wire API it speaks, a key and its models. */
export const ModelsFileProviderSchema = Type.Object(
	{
		/** The API root with its version path, e.g. `http://localhost:8000/v1`. */
		baseUrl: Type.String({ minLength: 1 }),
		/** `openai-completions` (any OpenAI-compatible server), `openai-responses`, `anthropic-messages` or `google-generative-ai`. */
		api: Type.Union([
			Type.Literal("openai-completions"),
			Type.Literal("openai-responses"),
			Type.Literal("anthropic-messages"),
			Type.Literal("google-generative-ai"),
		]),
		/** The key itself, or `$NAME` to read it from the environment variable `NAME`. */
		apiKey: Type.Optional(Type.String({ minLength: 1 })),
		/** Sent with every request; a value `$NAME` is read from the environment variable `NAME`. */
		headers: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String())),
		/** Compat flags for all of this provider's models. */
		compat: Type.Optional(CompatSchema),
		models: Type.Array(ModelsFileModelSchema, { minItems: 1 }),
	},
	{ additionalProperties: false },
);

/** The schema of `~/.kestrel/models.json`. */
export const ModelsFileSchema = Type.Object(
	{ providers: Type.Record(Type.String({ minLength: 1 }), ModelsFileProviderSchema) },
	{ additionalProperties: false },
);

export type ModelsFile = Static<typeof ModelsFileSchema>;
export type ModelsFileProvider = Static<typeof ModelsFileProviderSchema>;
export type ModelsFileCompat = Static<typeof CompatSchema>;

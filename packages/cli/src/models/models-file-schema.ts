import { type Static, Type } from "typebox";

/** One model of a custom provider in `models.json`. */
export const ModelsFileModelSchema = Type.Object(
	{
		id: Type.String({ minLength: 1 }),
		name: Type.Optional(Type.String({ minLength: 1 })),
		contextWindow: Type.Optional(Type.Integer({ minimum: 1 })),
		maxTokens: Type.Optional(Type.Integer({ minimum: 1 })),
		reasoning: Type.Optional(Type.Boolean()),
		input: Type.Optional(Type.Array(Type.Union([Type.Literal("text"), Type.Literal("image")]))),
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

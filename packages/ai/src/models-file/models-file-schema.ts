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
 * Compat flags, flat: the flags of the provider's `api`. Only their shape is checked here;
 * each value is checked against the compat schema of that API's wire API module when the
 * file is validated.
 */
const CompatSchema = Type.Record(Type.String(), Type.Unknown());

/** One model of a provider in `models.json`. */
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
		/** A registered wire API (`knownWireApis()`): a built-in one, or a provider package's. */
		api: Type.String({ minLength: 1 }),
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

/**
 * The schema of a `models.json` file (Kestrel's is `~/.kestrel/models.json`). The `api`
 * of each provider and its compat flags are checked against the registered wire API
 * modules by `validateModelsFile`, not by this schema.
 */
export const ModelsFileSchema = Type.Object(
	{
		/**
		 * Provider packages to load before the providers are read: package names, or paths
		 * (absolute, or relative to the file's folder). See `loadProviderPackages`.
		 */
		packages: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
		providers: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ModelsFileProviderSchema)),
	},
	{ additionalProperties: false },
);

/** One provider of a validated `models.json`. */
export type ModelsFileProvider = Static<typeof ModelsFileProviderSchema>;

/** One model of a validated `models.json`. */
export type ModelsFileModel = Static<typeof ModelsFileModelSchema>;

/** A validated `models.json`: `providers` is always present (empty for a file without it). */
export interface ModelsFile {
	/** As written in the file (relative paths not yet resolved); see `modelsFilePackages`. */
	packages?: string[];
	providers: Record<string, ModelsFileProvider>;
}

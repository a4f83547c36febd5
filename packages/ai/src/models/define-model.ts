import type { Api, KnownProvider, Model, ModelCompat, ModelCost, Provider, ThinkingLevel } from "../types.js";
import { defaultCompat, getProviderDefaults, providerForBaseUrl } from "./providers.js";
import { validateModel } from "./validate.js";

/** Used when `defineModel` is not told the model's limits. */
export const DEFINE_MODEL_DEFAULTS = { contextWindow: 128_000, maxTokens: 8_192 } as const;

/** The provider a model defined for a base URL Kestrel does not know gets. */
export const CUSTOM_PROVIDER = "custom";

interface DefineModelFields<TApi extends Api> {
	/** The id sent to the server, e.g. `qwen3:8b` (Ollama) or `Qwen/Qwen3-8B` (vLLM). */
	id: string;
	/**
	 * The wire API. Default `openai-completions`, which every OpenAI-compatible server
	 * speaks; required for `anthropic` and `google`, whose servers speak their own formats.
	 */
	api?: TApi;
	/** Default: the id. */
	name?: string;
	/** Default: true when `thinkingLevels` are given, else false. */
	reasoning?: boolean;
	/** The levels the model accepts; see `Model.thinkingLevels`. */
	thinkingLevels?: ThinkingLevel[];
	/** Default `["text"]`. */
	input?: ("text" | "image")[];
	/** USD per million tokens; missing prices are 0 (a local or free model). */
	cost?: Partial<ModelCost>;
	/** Default 128 000. Set it to what the server is configured for (Ollama's `num_ctx`). */
	contextWindow?: number;
	/** Default 8 192, or the context window when that is smaller. */
	maxTokens?: number;
	headers?: Record<string, string>;
	/** Merged over the provider's flags (for an unknown server: the common OpenAI-compatible ones). */
	compat?: ModelCompat;
}

/**
 * What `defineModel` takes: the id plus either the server's `baseUrl` or a known `provider`
 * whose default base URL (e.g. Ollama's `http://localhost:11434/v1`) is used.
 */
export type DefineModelOptions<TApi extends Api = "openai-completions"> = DefineModelFields<TApi> &
	(
		| {
				/** The API root with its version path, e.g. `https://my-server.example/v1`. */
				baseUrl: string;
				/** Default: the known provider whose default base URL this is, else `custom`. */
				provider?: Provider;
		  }
		| { baseUrl?: string; provider: KnownProvider }
	);

/**
 * A model for any server, with sensible defaults: zero cost, text input, a 128k window and
 * 8k output, and the compat flags of the provider (or of OpenAI-compatible servers in
 * general). Returns a new object each call.
 *
 * ```ts
 * const qwen = defineModel({ provider: "ollama", id: "qwen3:8b", contextWindow: 40_960 });
 * const mine = defineModel({ id: "my-model", baseUrl: "https://llm.example.com/v1" });
 * ```
 *
 * @throws TypeError when the definition is unusable (not an http(s) URL, limits that are
 *   not positive or an output limit above the window, thinking levels on a model without
 *   reasoning), or when `api` is missing for a provider that does not speak OpenAI's format.
 */
export function defineModel<TApi extends Api = "openai-completions">(
	options: DefineModelOptions<TApi>,
): Model<TApi> {
	const provider = options.provider ?? providerForBaseUrl(options.baseUrl ?? "") ?? CUSTOM_PROVIDER;
	const defaults = getProviderDefaults(provider);
	if (options.api === undefined && defaults && !defaults.api.startsWith("openai-")) {
		throw new TypeError(
			`defineModel(${options.id}): provider "${provider}" speaks "${defaults.api}"; pass api: "${defaults.api}".`,
		);
	}
	const api = (options.api ?? "openai-completions") as TApi;
	const contextWindow = options.contextWindow ?? DEFINE_MODEL_DEFAULTS.contextWindow;
	const model: Model<TApi> = {
		id: options.id,
		name: options.name ?? options.id,
		api,
		provider,
		baseUrl: options.baseUrl ?? defaults?.baseUrl ?? "",
		reasoning: options.reasoning ?? options.thinkingLevels !== undefined,
		input: [...(options.input ?? ["text"])],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...options.cost },
		contextWindow,
		maxTokens: options.maxTokens ?? Math.min(DEFINE_MODEL_DEFAULTS.maxTokens, contextWindow),
	};
	if (options.thinkingLevels) model.thinkingLevels = [...options.thinkingLevels];
	if (options.headers) model.headers = { ...options.headers };
	const compat = mergeCompat(defaultCompat(provider, api), options.compat);
	if (compat) model.compat = compat;
	const problems = validateModel(model);
	if (problems.length > 0) throw new TypeError(`defineModel(${options.id}): ${problems.join("; ")}.`);
	return model;
}

function mergeCompat(base: ModelCompat | undefined, extra: ModelCompat | undefined): ModelCompat | undefined {
	if (!extra) return base;
	const merged: Record<string, object> = { ...base };
	for (const [api, flags] of Object.entries(extra)) merged[api] = { ...merged[api], ...flags };
	return structuredClone(merged) as ModelCompat;
}

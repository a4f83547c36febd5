import { apiKeyVariables } from "../env-keys.js";
import type { KnownApi, KnownProvider, ModelCompat, OpenAICompletionsCompat, Provider } from "../types.js";

/** What a provider's models share: where to send requests and how its server differs from OpenAI. */
export interface ProviderDefaults {
	/** A display name. */
	name: string;
	/** The wire API every model of the provider is called through. */
	api: KnownApi;
	/** The API root, as `Model.baseUrl` takes it. */
	baseUrl: string;
	/** A server that runs on the user's machine: no key, no fixed model list, no price. */
	local: boolean;
	/** Compat flags every model of the provider needs. */
	compat?: ModelCompat;
}

/**
 * What OpenAI-compatible servers other than OpenAI have in common: `max_tokens` is the
 * field every one of them reads (several reject `max_completion_tokens`), `store` is an
 * OpenAI feature some reject outright, and `developer` is a role most do not know.
 */
const COMPATIBLE_SERVER: OpenAICompletionsCompat = {
	maxTokensField: "max_tokens",
	supportsStore: false,
	systemRole: "system",
};

/**
 * One entry per known provider, in the order the catalogue lists them. API choice:
 * `openai` uses `openai-responses` for every model (the only API that returns OpenAI's
 * encrypted reasoning for replay); everyone else that speaks OpenAI's format does so
 * through Chat Completions, the one format they all implement.
 */
const PROVIDER_DEFAULTS = {
	anthropic: {
		name: "Anthropic",
		api: "anthropic-messages",
		baseUrl: "https://api.anthropic.com",
		local: false,
	},
	openai: { name: "OpenAI", api: "openai-responses", baseUrl: "https://api.openai.com/v1", local: false },
	google: {
		name: "Google Gemini API",
		api: "google-generative-ai",
		baseUrl: "https://generativelanguage.googleapis.com",
		local: false,
	},
	openrouter: {
		name: "OpenRouter",
		api: "openai-completions",
		baseUrl: "https://openrouter.ai/api/v1",
		local: false,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	groq: {
		name: "Groq",
		api: "openai-completions",
		baseUrl: "https://api.groq.com/openai/v1",
		local: false,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	deepseek: {
		name: "DeepSeek",
		api: "openai-completions",
		baseUrl: "https://api.deepseek.com/v1",
		local: false,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	xai: {
		name: "xAI",
		api: "openai-completions",
		baseUrl: "https://api.x.ai/v1",
		local: false,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	mistral: {
		name: "Mistral AI",
		api: "openai-completions",
		baseUrl: "https://api.mistral.ai/v1",
		local: false,
		// Mistral rejects tool-call ids that are not exactly 9 letters and digits.
		compat: { "openai-completions": { ...COMPATIBLE_SERVER, toolCallIdFormat: "mistral" } },
	},
	cerebras: {
		name: "Cerebras",
		api: "openai-completions",
		baseUrl: "https://api.cerebras.ai/v1",
		local: false,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	ollama: {
		name: "Ollama",
		api: "openai-completions",
		baseUrl: "http://localhost:11434/v1",
		local: true,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	"llama.cpp": {
		name: "llama.cpp server",
		api: "openai-completions",
		baseUrl: "http://localhost:8080/v1",
		local: true,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	vllm: {
		name: "vLLM",
		api: "openai-completions",
		baseUrl: "http://localhost:8000/v1",
		local: true,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
	lmstudio: {
		name: "LM Studio",
		api: "openai-completions",
		baseUrl: "http://localhost:1234/v1",
		local: true,
		compat: { "openai-completions": COMPATIBLE_SERVER },
	},
} as const satisfies Record<KnownProvider, ProviderDefaults>;

/** The known providers, in catalogue order. */
export const KNOWN_PROVIDERS: readonly KnownProvider[] = Object.freeze(
	Object.keys(PROVIDER_DEFAULTS) as KnownProvider[],
);

/** {@link ProviderDefaults} plus the environment variables the provider's key is read from. */
export interface ProviderInfo extends ProviderDefaults {
	provider: KnownProvider;
	apiKeyVariables: readonly string[];
}

export function isKnownProvider(provider: Provider): provider is KnownProvider {
	return Object.hasOwn(PROVIDER_DEFAULTS, provider);
}

/** A fresh copy of a known provider's defaults; `undefined` for a provider Kestrel does not know. */
export function getProviderDefaults(provider: Provider): ProviderInfo | undefined {
	if (!isKnownProvider(provider)) return undefined;
	const defaults: ProviderDefaults = PROVIDER_DEFAULTS[provider];
	return structuredClone({ ...defaults, provider, apiKeyVariables: [...apiKeyVariables(provider)] });
}

/**
 * The compat flags a model of this provider on this API starts from: the provider's own
 * when the API is the provider's, OpenAI's defaults (none) for OpenAI itself, and the
 * common OpenAI-compatible-server flags for any other server on `openai-completions`.
 */
export function defaultCompat(provider: Provider, api: string): ModelCompat | undefined {
	const defaults: ProviderDefaults | undefined = isKnownProvider(provider)
		? PROVIDER_DEFAULTS[provider]
		: undefined;
	if (defaults?.api === api) return defaults.compat ? structuredClone(defaults.compat) : undefined;
	if (api !== "openai-completions" || provider === "openai") return undefined;
	return { "openai-completions": { ...COMPATIBLE_SERVER } };
}

/** The known provider whose default base URL this is (trailing slashes ignored), if any. */
export function providerForBaseUrl(baseUrl: string): KnownProvider | undefined {
	const wanted = baseUrl.replace(/\/+$/, "");
	return KNOWN_PROVIDERS.find((provider) => PROVIDER_DEFAULTS[provider].baseUrl === wanted);
}

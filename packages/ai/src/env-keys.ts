import type { Provider } from "./types.js";

/** The environment variables each known provider's key is read from, in order. */
const KEY_VARIABLES: Record<string, readonly string[]> = {
	anthropic: ["ANTHROPIC_API_KEY"],
	openai: ["OPENAI_API_KEY"],
	google: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
	openrouter: ["OPENROUTER_API_KEY"],
	groq: ["GROQ_API_KEY"],
	deepseek: ["DEEPSEEK_API_KEY"],
	xai: ["XAI_API_KEY"],
	mistral: ["MISTRAL_API_KEY"],
	cerebras: ["CEREBRAS_API_KEY"],
};

/** Local servers that work without a key (a key is still sent when one is given). */
const KEYLESS_PROVIDERS = new Set(["ollama", "llama.cpp", "vllm", "lmstudio"]);

/** The environment variables a provider's key is read from; empty when none is known. */
export function apiKeyVariables(provider: Provider): readonly string[] {
	return KEY_VARIABLES[provider] ?? [];
}

/** The key from the provider's usual environment variable, if set. */
export function getEnvApiKey(provider: Provider, env: NodeJS.ProcessEnv = process.env): string | undefined {
	for (const name of apiKeyVariables(provider)) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/**
 * Whether a request cannot succeed without a key. True for the hosted providers Kestrel
 * knows; false for local servers and for providers an app defined (their server decides).
 */
export function requiresApiKey(provider: Provider): boolean {
	return !KEYLESS_PROVIDERS.has(provider) && provider in KEY_VARIABLES;
}

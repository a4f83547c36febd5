import type { Static } from "typebox";
import type { WireApiProvider } from "../../wire-api/wire-api.js";
import type { OPENAI_COMPLETIONS_COMPAT } from "../openai-completions/compat-flags.js";

type Flags = Static<typeof OPENAI_COMPLETIONS_COMPAT>;

/**
 * What OpenAI-compatible servers other than OpenAI have in common: `max_tokens` is the
 * field every one of them reads (several reject `max_completion_tokens`), `store` is an
 * OpenAI feature some reject outright, and `developer` is a role most do not know.
 */
export const COMPATIBLE_SERVER: Flags = {
	maxTokensField: "max_tokens",
	supportsStore: false,
	systemRole: "system",
};

function hosted(name: string, baseUrl: string, keyVariable: string, compat: Flags = COMPATIBLE_SERVER) {
	return { name, baseUrl, apiKeyVariables: [keyVariable], compat } satisfies WireApiProvider<Flags>;
}

function local(name: string, baseUrl: string) {
	return { name, baseUrl, local: true, compat: COMPATIBLE_SERVER } satisfies WireApiProvider<Flags>;
}

/** The vendors that serve `openai-completions`: the `providers` of its wire API module. */
export const OPENAI_COMPLETIONS_PROVIDERS = {
	openrouter: hosted("OpenRouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
	groq: hosted("Groq", "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
	deepseek: hosted("DeepSeek", "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY"),
	xai: hosted("xAI", "https://api.x.ai/v1", "XAI_API_KEY"),
	// Mistral rejects tool-call ids that are not exactly 9 letters and digits.
	mistral: hosted("Mistral AI", "https://api.mistral.ai/v1", "MISTRAL_API_KEY", {
		...COMPATIBLE_SERVER,
		toolCallIdFormat: "mistral",
	}),
	cerebras: hosted("Cerebras", "https://api.cerebras.ai/v1", "CEREBRAS_API_KEY"),
	ollama: local("Ollama", "http://localhost:11434/v1"),
	"llama.cpp": local("llama.cpp server", "http://localhost:8080/v1"),
	vllm: local("vLLM", "http://localhost:8000/v1"),
	lmstudio: local("LM Studio", "http://localhost:1234/v1"),
} satisfies Record<string, WireApiProvider<Static<typeof OPENAI_COMPLETIONS_COMPAT>>>;

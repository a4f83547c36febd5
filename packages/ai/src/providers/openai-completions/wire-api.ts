import type { Static } from "typebox";
import { openAICompletionsReplay } from "../../replay/target-rules.js";
import type { WireApi, WireApiProvider } from "../../wire-api/wire-api.js";
import { resolveToolCallIdFormat } from "./compat.js";
import { OPENAI_COMPLETIONS_COMPAT } from "./compat-flags.js";
import { createOpenAICompletionsProvider } from "./index.js";

type Flags = Static<typeof OPENAI_COMPLETIONS_COMPAT>;

/**
 * What OpenAI-compatible servers other than OpenAI have in common: `max_tokens` is the
 * field every one of them reads (several reject `max_completion_tokens`), `store` is an
 * OpenAI feature some reject outright, and `developer` is a role most do not know.
 */
/**
 * OpenAI Chat Completions (`POST /chat/completions`) through `openai`: the one format every
 * OpenAI-compatible server implements, hosted or local.
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

const PROVIDERS = {
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

export const openAICompletions: WireApi<
	"openai-completions",
	typeof OPENAI_COMPLETIONS_COMPAT,
	keyof typeof PROVIDERS
> = {
	api: "openai-completions",
	title: "OpenAI Chat Completions (and compatible servers)",
	compat: OPENAI_COMPLETIONS_COMPAT,
	auth: { kind: "key" },
	providers: PROVIDERS,
	createProvider: () => createOpenAICompletionsProvider(),
	testing: () =>
		import("../../testing/kits/openai-completions.js").then((kit) => kit.openAICompletionsTesting),
	replayRules: (model) => openAICompletionsReplay(resolveToolCallIdFormat(model)),
};

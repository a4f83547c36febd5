import { MODELS_FILE_EXAMPLE } from "./validate-models-file.js";

/** The message for a machine with no model configured: every way to configure one. */
export function noModelMessage(modelsFilePath: string, probedPorts: readonly number[]): string {
	const probed = probedPorts.length > 0 ? probedPorts.join(", ") : "none";
	return [
		"No model is configured, and no API key or local model server was found. Configure one of these:",
		"",
		"  1. An API key in the provider's environment variable, for example:",
		"       export ANTHROPIC_API_KEY=...   (or OPENAI_API_KEY, GEMINI_API_KEY, OPENROUTER_API_KEY, GROQ_API_KEY,",
		"                                       DEEPSEEK_API_KEY, XAI_API_KEY, MISTRAL_API_KEY, CEREBRAS_API_KEY)",
		"  2. A model and key on the command line:",
		"       kestrel --model anthropic/claude-sonnet-5-5 --api-key ... -p 'hello'",
		`  3. A custom provider (any OpenAI-compatible server) in ${modelsFilePath}:`,
		...MODELS_FILE_EXAMPLE.split("\n").map((line) => `       ${line}`),
		"  4. A local model server on its default port: Ollama (11434), llama.cpp (8080) or LM Studio (1234),",
		`     for example: ollama serve && ollama pull qwen3:8b   (ports probed now: ${probed})`,
		"",
		"Run kestrel --list-models to see the models you can use.",
	].join("\n");
}

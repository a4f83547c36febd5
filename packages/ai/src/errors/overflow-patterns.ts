/**
 * Wordings with which servers say "the prompt does not fit the context window", for
 * servers that send no machine-readable code. Each entry names where it was seen; the
 * tests hold a real sample of each and the negative cases below.
 */
export const OVERFLOW_PATTERNS: readonly { source: string; pattern: RegExp }[] = [
	{ source: "Anthropic", pattern: /prompt is too long/i },
	{
		source: "Anthropic, OpenAI Responses",
		pattern: /exceeds? (?:the )?context (?:window|limit|length|size)/i,
	},
	{ source: "OpenAI, vLLM, DeepSeek, OpenRouter", pattern: /maximum context length is \d+/i },
	{ source: "xAI", pattern: /maximum prompt length is \d+/i },
	{ source: "Gemini", pattern: /input token count.*exceeds the maximum/i },
	{ source: "llama.cpp", pattern: /exceeds? (?:the )?available context size/i },
	{ source: "Mistral", pattern: /too large for model with \d+ maximum context length/i },
	{ source: "Groq, vLLM, Cerebras", pattern: /reduce the length of the messages/i },
	{
		source: "Ollama",
		pattern: /(?:prompt|input)(?: length)? (?:is too long|exceeds?).{0,40}context length/i,
	},
	{ source: "LM Studio", pattern: /context length of only \d+ tokens|greater than the context length/i },
	{ source: "generic", pattern: /context[ _-]?(?:length|window)[ _-]?exceeded|context overflow/i },
];

/**
 * Wordings that mention tokens and limits but are not overflows: per-minute token
 * budgets and quotas are rate limits, retried rather than compacted.
 */
const NOT_OVERFLOW = /tokens per min|\bTPM\b|rate.?limit|quota/i;

/** Whether an error message says that the prompt exceeds the context window. */
export function isContextOverflowMessage(message: string): boolean {
	if (NOT_OVERFLOW.test(message)) return false;
	return OVERFLOW_PATTERNS.some(({ pattern }) => pattern.test(message));
}

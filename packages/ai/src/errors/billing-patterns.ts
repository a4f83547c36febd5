/**
 * Wordings with which servers say "the account cannot pay for this request" without a
 * billing code: out of credit, over a spend limit, prepaid balance used up. Each entry
 * names where it was seen; the tests hold a sample of each, and rate limits that speak of
 * quotas or credits ("You exceeded your current quota … retry in 7s", OpenRouter's "Add 10
 * credits to unlock 1000 free model requests per day") as cases that must not match.
 */
export const BILLING_PATTERNS: readonly { source: string; pattern: RegExp }[] = [
	{ source: "Anthropic (HTTP 400)", pattern: /credit balance is too low/i },
	{
		source: "Anthropic spend limits (HTTP 400)",
		pattern: /reached your specified (?:workspace )?API usage limits/i,
	},
	{ source: "Gemini (HTTP 429 RESOURCE_EXHAUSTED)", pattern: /prepayment credits are depleted/i },
	{ source: "xAI (HTTP 429)", pattern: /used all available credits|reached its monthly spending limit/i },
	{ source: "OpenRouter, DeepSeek (HTTP 402, also in-stream)", pattern: /insufficient (?:credits|balance)/i },
];

/** Whether an error message says that the account is out of credit or over its spend limit. */
export function isBillingMessage(message: string): boolean {
	return BILLING_PATTERNS.some(({ pattern }) => pattern.test(message));
}

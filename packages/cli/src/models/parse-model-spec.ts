import { THINKING_LEVELS, type ThinkingLevel } from "@kestrel/ai";

/** A model named on the command line or in settings. */
export interface ModelSpec {
	provider: string;
	id: string;
	/** From a `:level` suffix. */
	thinkingLevel?: ThinkingLevel;
}

/** Whether `value` is a thinking level name. */
export function isThinkingLevel(value: string): value is ThinkingLevel {
	return (THINKING_LEVELS as readonly string[]).includes(value);
}

/**
 * Reads `provider/id[:thinking]`, or with `provider` given, `id[:thinking]` (the id may
 * then contain slashes, as OpenRouter's and vLLM's do). The provider is what precedes the
 * first slash. A `:suffix` is a thinking level only when it names one, so ids with colons
 * (`qwen3:8b`) stay whole. Returns an error message instead when the spec is incomplete.
 */
export function parseModelSpec(spec: string, provider?: string): ModelSpec | { error: string } {
	let rest = spec.trim();
	let thinkingLevel: ThinkingLevel | undefined;
	const colon = rest.lastIndexOf(":");
	if (colon > 0) {
		const suffix = rest.slice(colon + 1);
		if (isThinkingLevel(suffix)) {
			thinkingLevel = suffix;
			rest = rest.slice(0, colon);
		}
	}
	let providerName = provider?.trim();
	let id = rest;
	if (!providerName) {
		const slash = rest.indexOf("/");
		if (slash <= 0 || slash === rest.length - 1) {
			return {
				error: `--model "${spec}" needs a provider: write provider/id (for example anthropic/claude-sonnet-5-5), or add --provider <name>.`,
			};
		}
		providerName = rest.slice(0, slash);
		id = rest.slice(slash + 1);
	} else if (id.startsWith(`${providerName}/`)) {
		// `--provider openai --model openai/gpt-5.5` names the provider twice; accept it.
		id = id.slice(providerName.length + 1);
	}
	if (id === "") return { error: `--model "${spec}" has no model id after the provider.` };
	return thinkingLevel === undefined
		? { provider: providerName, id }
		: { provider: providerName, id, thinkingLevel };
}

import type { BashToolOptions } from "./types.js";

/**
 * LLM provider credentials removed from a command's environment by default, besides any
 * name ending in `_API_KEY`. Kept here rather than imported from `@kestrel/ai`
 * (`apiKeyVariables`): tool packs depend on agent-core's types only.
 */
export const providerKeyVariables: readonly string[] = [
	"ANTHROPIC_API_KEY",
	"ANTHROPIC_AUTH_TOKEN",
	"OPENAI_API_KEY",
	"GEMINI_API_KEY",
	"GOOGLE_API_KEY",
	"OPENROUTER_API_KEY",
	"GROQ_API_KEY",
	"DEEPSEEK_API_KEY",
	"XAI_API_KEY",
	"MISTRAL_API_KEY",
	"CEREBRAS_API_KEY",
];

const apiKeyName = /_API_KEY$/i;

export interface ChildEnvironment {
	env: Record<string, string>;
	/** Names removed from the parent's environment, sorted. */
	removed: string[];
}

type EnvironmentOptions = Pick<BashToolOptions, "env" | "passEnv" | "stripEnv">;

/** The parent's environment without secrets (unless kept on purpose), plus `options.env`. */
export function buildChildEnvironment(
	parent: Record<string, string | undefined>,
	options: EnvironmentOptions = {},
): ChildEnvironment {
	const keep = new Set(options.passEnv ?? []);
	const extra = options.stripEnv ?? [];
	const env: Record<string, string> = {};
	const removed: string[] = [];
	for (const [name, value] of Object.entries(parent)) {
		if (value === undefined) continue;
		if (!keep.has(name) && isSecretName(name, extra)) {
			removed.push(name);
			continue;
		}
		env[name] = value;
	}
	for (const [name, value] of Object.entries(options.env ?? {})) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	return { env, removed: removed.sort() };
}

function isSecretName(name: string, extra: readonly (string | RegExp)[]): boolean {
	if (providerKeyVariables.includes(name) || apiKeyName.test(name)) return true;
	// `search` ignores `lastIndex`, so a caller's /g or /y pattern gives the same answer every time.
	return extra.some((entry) => (typeof entry === "string" ? entry === name : name.search(entry) !== -1));
}

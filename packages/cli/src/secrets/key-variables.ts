import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Variables whose value is a credential that pays for the model: the catalogue providers'
 * key variables (every `apiKeyVariables(provider)` of `@kestrel/ai`, a test keeps them in
 * step), `ANTHROPIC_AUTH_TOKEN`, and any name ending in `_API_KEY` — the same rule the
 * bash tool applies by default.
 */
const standardKeyVariables = new Set(["ANTHROPIC_AUTH_TOKEN", "GOOGLE_API_KEY"]);
const apiKeyName = /_API_KEY$/i;

/** Whether `name` is a key variable by the standard rule (without `models.json`). */
export function isStandardKeyVariable(name: string): boolean {
	return standardKeyVariables.has(name) || apiKeyName.test(name);
}

/**
 * The variables `models.json` reads a key from (`"apiKey": "$NAME"`), read straight from
 * the file without validation: this runs before anything else at start-up, and a bad file
 * is reported later by the normal load.
 */
export function modelsFileKeyVariables(env: NodeJS.ProcessEnv): string[] {
	const fromEnv = env.KESTREL_HOME?.trim();
	const home = fromEnv ? resolve(fromEnv) : join(homedir(), ".kestrel");
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(join(home, "models.json"), "utf8").replace(/^\uFEFF/, ""));
	} catch {
		return [];
	}
	const providers = (parsed as { providers?: unknown } | null)?.providers;
	if (typeof providers !== "object" || providers === null) return [];
	const names: string[] = [];
	for (const provider of Object.values(providers)) {
		const apiKey = (provider as { apiKey?: unknown } | null)?.apiKey;
		if (typeof apiKey === "string" && apiKey.startsWith("$") && apiKey.length > 1)
			names.push(apiKey.slice(1));
	}
	return names;
}

/** The key variables set (non-empty) in `env`, sorted: the standard ones and those `models.json` names. */
export function keyVariablesIn(env: NodeJS.ProcessEnv, modelsFileNames: readonly string[]): string[] {
	const named = new Set(modelsFileNames);
	return Object.keys(env)
		.filter((name) => env[name] && (named.has(name) || isStandardKeyVariable(name)))
		.sort();
}

import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Variables whose value is a credential that pays for the model, known without loading
 * anything: the built-in providers' key variables (every `apiKeyVariables(provider)` of
 * `@kestrel/ai`, a test keeps them in step), `ANTHROPIC_AUTH_TOKEN`, and any name ending in
 * `_API_KEY` — the same rule the bash tool applies by default. Provider packages add
 * theirs ({@link providerPackageSecretVariables}, `knownSecretVariables` of `@kestrel/ai`).
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
	const home = kestrelHomeOf(env);
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

/**
 * The secret variables of the provider packages kestrel will load (`providers` in the
 * global settings, and in the project's when the folder is trusted or `--trust-folder` is
 * given; `packages` in `models.json`): each module's credential `secretVariables` and its
 * providers' key variables. This runs at start-up, before the settings are loaded, so that
 * these variables leave kestrel's start-up environment with the others: the files are
 * read without validation, and a package that cannot be loaded is skipped here (the normal
 * start reports it). Nothing is imported when no package is named.
 */
export async function providerPackageSecretVariables(
	argv: readonly string[],
	env: NodeJS.ProcessEnv = process.env,
	cwd: () => string = process.cwd,
): Promise<string[]> {
	const home = kestrelHomeOf(env);
	let project: string | undefined;
	try {
		project = cwd();
	} catch {
		// A deleted working folder: the normal start reports it.
	}
	const named: { spec: string; baseDir: string }[] = [
		...stringsAt(join(home, "settings.json"), "providers").map((spec) => ({ spec, baseDir: home })),
		...stringsAt(join(home, "models.json"), "packages").map((spec) => ({ spec, baseDir: home })),
	];
	const projectSpecs = project ? stringsAt(join(project, ".kestrel", "settings.json"), "providers") : [];
	let trusted = false;
	if (project && (projectSpecs.length > 0 || named.length > 0)) {
		const { isTrustedFolder } = await import("@kestrel/harness");
		trusted = argv.includes("--trust-folder") || (await isTrustedFolder(project, home).catch(() => false));
		if (trusted) named.push(...projectSpecs.map((spec) => ({ spec, baseDir: join(project, ".kestrel") })));
	}
	if (named.length === 0) return [];
	const ai = await import("@kestrel/ai");
	const registry = new ai.ProviderRegistry();
	const from = trusted && project ? [project, home] : [home];
	for (const { spec, baseDir } of named) {
		const resolved = ai.isPackagePath(spec) ? ai.resolvePackagePath(spec, baseDir) : spec;
		await ai.loadProviderPackages([{ spec: resolved }], { from, registry }).catch(() => []);
	}
	return ai.knownSecretVariables(registry, registry.wireApis());
}

function kestrelHomeOf(env: NodeJS.ProcessEnv): string {
	const fromEnv = env.KESTREL_HOME?.trim();
	return fromEnv ? resolve(fromEnv) : join(homedir(), ".kestrel");
}

/** The strings of the list at `key` of the JSON object in `file`; empty for anything else. */
function stringsAt(file: string, key: string): string[] {
	try {
		const value = (
			JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/, "")) as Record<string, unknown> | null
		)?.[key];
		return Array.isArray(value)
			? value.filter((entry): entry is string => typeof entry === "string" && entry !== "")
			: [];
	} catch {
		return [];
	}
}

/** The key variables set (non-empty) in `env`, sorted: the standard ones and those `models.json` names. */
export function keyVariablesIn(env: NodeJS.ProcessEnv, modelsFileNames: readonly string[]): string[] {
	const named = new Set(modelsFileNames);
	return Object.keys(env)
		.filter((name) => env[name] && (named.has(name) || isStandardKeyVariable(name)))
		.sort();
}

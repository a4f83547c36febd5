import { getModels, getProviders, type LoadedModelsFile, type Model, modelsFileModels } from "@kestrel/ai";
import { resolveApiKey } from "./resolve-api-key.js";
import { authKind, requiresKey } from "./resolve-model.js";

/**
 * The table `--list-models` prints: every catalogue model, then every `models.json`
 * model, one per line as `provider/id`, its context window, and whether a key is set
 * (`not needed` for servers that take none, `credentials` for APIs with a credential
 * chain). Keys themselves are never shown.
 */
export function listModels(modelsFile: LoadedModelsFile, env: NodeJS.ProcessEnv): string {
	const models: Model[] = [
		...getProviders().flatMap((provider) => getModels(provider)),
		...modelsFileModels(modelsFile),
	];
	const rows = models.map((model) => [
		`${model.provider}/${model.id}`,
		formatWindow(model.contextWindow),
		keyStatus(model, modelsFile, env),
	]);
	const header = ["model", "context", "key"];
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
	);
	const format = (row: string[]) =>
		row
			.map((cell, column) => cell.padEnd(widths[column] ?? 0))
			.join("  ")
			.trimEnd();
	return [format(header), ...rows.map(format)].join("\n");
}

function keyStatus(model: Model, modelsFile: LoadedModelsFile, env: NodeJS.ProcessEnv): string {
	const { apiKey, source } = resolveApiKey(model.provider, undefined, modelsFile, env);
	if (apiKey) return "set";
	if (authKind(model.api) === "credentials") return "credentials";
	if (source.kind === "none" || !requiresKey(model, modelsFile)) return "not needed";
	return source.kind === "env" ? `missing (${source.variable})` : "missing";
}

function formatWindow(tokens: number): string {
	return tokens >= 1_000_000
		? `${Number((tokens / 1_000_000).toFixed(2))}M`
		: `${Math.round(tokens / 1000)}K`;
}

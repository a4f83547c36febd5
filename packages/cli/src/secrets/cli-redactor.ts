import { knownSecretVariables, type LoadedModelsFile, modelsFileKeyVariables } from "@kestrel/ai";
import { SecretRedactor } from "@kestrel/harness";
import { isStandardKeyVariable } from "./key-variables.js";

/**
 * A redactor holding every key kestrel could send: the key variables set in `env` (the
 * standard ones, the secret variables of the registered wire API modules, provider
 * packages' included, and those `models.json` names), the keys written in `models.json`,
 * and `--api-key`. Each is shown as `[REDACTED:<where it came from>]`.
 */
export function createCliRedactor(
	env: NodeJS.ProcessEnv,
	modelsFile: LoadedModelsFile,
	apiKeyFlag: string | undefined,
): SecretRedactor {
	const redactor = new SecretRedactor();
	redactor.add("--api-key", apiKeyFlag);
	const named = new Set([...modelsFileKeyVariables(modelsFile), ...knownSecretVariables()]);
	for (const [name, value] of Object.entries(env))
		if (named.has(name) || isStandardKeyVariable(name)) redactor.add(name, value);
	for (const [provider, entry] of Object.entries(modelsFile.file.providers))
		if (entry.apiKey !== undefined && !entry.apiKey.startsWith("$"))
			redactor.add(`providers.${provider}.apiKey`, entry.apiKey);
	return redactor;
}

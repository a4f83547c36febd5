import { SecretRedactor } from "@kestrel/harness";
import type { LoadedModelsFile } from "../models/load-models-file.js";
import { modelsFileKeyVariableNames } from "../models/resolve-api-key.js";
import { isStandardKeyVariable } from "./key-variables.js";

/**
 * A redactor holding every key kestrel could send: the key variables set in `env` (the
 * standard ones and those `models.json` names), the keys written in `models.json`, and
 * `--api-key`. Each is shown as `[REDACTED:<where it came from>]`.
 */
export function createCliRedactor(
	env: NodeJS.ProcessEnv,
	modelsFile: LoadedModelsFile,
	apiKeyFlag: string | undefined,
): SecretRedactor {
	const redactor = new SecretRedactor();
	redactor.add("--api-key", apiKeyFlag);
	const named = new Set(modelsFileKeyVariableNames(modelsFile));
	for (const [name, value] of Object.entries(env))
		if (named.has(name) || isStandardKeyVariable(name)) redactor.add(name, value);
	for (const [provider, entry] of Object.entries(modelsFile.file.providers))
		if (entry.apiKey !== undefined && !entry.apiKey.startsWith("$"))
			redactor.add(`providers.${provider}.apiKey`, entry.apiKey);
	return redactor;
}

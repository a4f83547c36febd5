import { Settings } from "typebox/system";
import { Value } from "typebox/value";
import { CliError } from "../cli-error.js";
import { dottedPath } from "../json-pointer.js";
import { type ModelsFile, ModelsFileSchema } from "./models-file-schema.js";

/**
 * Checks the parsed contents of `models.json` and returns them typed. Pure: `file` is
 * only used in messages. Throws a {@link CliError} naming the file and every bad key
 * (as a dotted path such as `providers.local.models.0.id`), with an example of the format.
 */
export function validateModelsFile(value: unknown, file: string): ModelsFile {
	// One problem per key path, in the order TypeBox reports them. TypeBox stops after a few
	// errors (its `maxErrors`), possibly before the `anyOf` error that closes a list of
	// allowed values, so the choices are written as they come.
	const byPath = new Map<string, string>();
	const allowed = new Map<string, unknown[]>();
	const errors = Value.Errors(ModelsFileSchema, value);
	for (const error of errors) {
		const path = dottedPath(error.instancePath);
		const params = error.params as { allowedValue?: unknown };
		// TypeBox reports an unknown key twice (as a `false` schema and on its parent): keep one.
		if (error.keyword === "additionalProperties") continue;
		if (error.keyword === "boolean") byPath.set(path, `"${path}": unknown key; remove it`);
		else if (error.keyword === "const") {
			const choices = [...(allowed.get(path) ?? []), params.allowedValue];
			allowed.set(path, choices);
			byPath.set(
				path,
				`"${path}": must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`,
			);
		} else if (!byPath.has(path)) byPath.set(path, `"${path || "(top level)"}": ${error.message}`);
	}
	const problems = [...byPath.values()];
	if (errors.length >= Settings.Get().maxErrors) problems.push("(checking stopped here: there may be more)");
	if (problems.length === 0) return value as ModelsFile;
	throw new CliError(
		[
			`Invalid models file ${file}:`,
			...problems.map((problem) => `  - ${problem}`),
			"Fix the keys above. The format is:",
			MODELS_FILE_EXAMPLE,
		].join("\n"),
	);
}

/** A complete `models.json`, for messages and the README. */
export const MODELS_FILE_EXAMPLE = `{
  "providers": {
    "my-server": {
      "baseUrl": "http://localhost:8000/v1",
      "api": "openai-completions",
      "apiKey": "$MY_SERVER_KEY",
      "models": [{ "id": "qwen3-coder", "contextWindow": 131072, "maxTokens": 16384 }]
    }
  }
}`;

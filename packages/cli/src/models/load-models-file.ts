import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CliError } from "../cli-error.js";
import type { ModelsFile } from "./models-file-schema.js";
import { validateModelsFile } from "./validate-models-file.js";

/** `models.json` in Kestrel's global folder, and its path. */
export interface LoadedModelsFile {
	path: string;
	/** Empty providers when the file does not exist. */
	file: ModelsFile;
}

/** Reads and validates `<home>/models.json`; a missing or blank file counts as no providers. */
export async function loadModelsFile(home: string): Promise<LoadedModelsFile> {
	const path = join(home, "models.json");
	let text: string;
	try {
		text = await readFile(path, "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return { path, file: { providers: {} } };
		throw new CliError(`Cannot read ${path} (${code ?? String(error)}). Check that it is a readable file.`);
	}
	const body = text.replace(/^\uFEFF/, "");
	if (body.trim() === "") return { path, file: { providers: {} } };
	let value: unknown;
	try {
		value = JSON.parse(body);
	} catch (error) {
		throw new CliError(
			`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}. ` +
				"Fix the syntax (double-quoted keys, no comments, no trailing commas).",
		);
	}
	return { path, file: validateModelsFile(value, path) };
}

import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { isPackagePath, resolvePackagePath } from "../provider-packages/package-spec.js";
import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import { ModelsFileError } from "./models-file-error.js";
import type { ModelsFile } from "./models-file-schema.js";
import { validateModelsFile } from "./validate-models-file.js";

/** A validated `models.json` and where it is. */
export interface LoadedModelsFile {
	path: string;
	/** No providers when the file does not exist or is blank. */
	file: ModelsFile;
}

/** A `models.json` as read, before validation: parse it with {@link validateModelsFile}. */
export interface ReadModelsFile {
	path: string;
	/** The parsed JSON; undefined when the file does not exist or is blank. */
	value: unknown;
}

/**
 * Reads and validates a `models.json` against the wire APIs `registry` knows. A missing or
 * blank file counts as no providers. When the file names provider packages (`packages`)
 * whose APIs it uses, load them first: {@link readModelsFile}, {@link modelsFilePackages},
 * register the packages, then {@link validateModelsFile}.
 *
 * @throws ModelsFileError when the file cannot be read, is not JSON or is invalid.
 */
export async function loadModelsFile(
	path: string,
	registry: ProviderRegistry = defaultRegistry,
): Promise<LoadedModelsFile> {
	return parseModelsFile(await readModelsFile(path), registry);
}

/** Validates what {@link readModelsFile} read (see {@link validateModelsFile}). */
export function parseModelsFile(
	read: ReadModelsFile,
	registry: ProviderRegistry = defaultRegistry,
): LoadedModelsFile {
	const file =
		read.value === undefined ? { providers: {} } : validateModelsFile(read.value, read.path, registry);
	return { path: read.path, file };
}

/**
 * Reads and parses a `models.json` without validating it, so that the provider packages
 * it names can be loaded before its providers are checked. A byte-order mark is ignored.
 *
 * @throws ModelsFileError when the file exists but cannot be read or is not JSON.
 */
export async function readModelsFile(path: string): Promise<ReadModelsFile> {
	let text: string;
	try {
		text = await readFile(path, "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return { path, value: undefined };
		throw new ModelsFileError(
			`Cannot read ${path} (${code ?? String(error)}). Check that it is a readable file.`,
			path,
			[],
			{ cause: error },
		);
	}
	const body = text.replace(/^\uFEFF/, "");
	if (body.trim() === "") return { path, value: undefined };
	try {
		return { path, value: JSON.parse(body) };
	} catch (error) {
		throw new ModelsFileError(
			`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}. ` +
				"Fix the syntax (double-quoted keys, no comments, no trailing commas).",
			path,
			[],
			{ cause: error },
		);
	}
}

/**
 * The provider packages a `models.json` names in `packages`: package names as written,
 * paths resolved against the file's folder (`~/` against the user's home folder). Empty
 * when the file has no such key.
 *
 * @throws ModelsFileError when `packages` is not a list of non-empty strings.
 */
export function modelsFilePackages(read: ReadModelsFile): string[] {
	const { value, path } = read;
	if (typeof value !== "object" || value === null || !("packages" in value)) return [];
	const packages = (value as { packages: unknown }).packages;
	if (!Array.isArray(packages) || !packages.every((entry) => typeof entry === "string" && entry !== "")) {
		const problem = `"packages": must be a list of package names or paths, e.g. ["@kestrel/provider-bedrock"]`;
		throw new ModelsFileError(`Invalid models file ${path}:\n  - ${problem}\nFix the key above.`, path, [
			problem,
		]);
	}
	return packages.map((entry: string) =>
		isPackagePath(entry) ? resolvePackagePath(entry, dirname(path)) : entry,
	);
}

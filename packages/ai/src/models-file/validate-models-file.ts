import type { TSchema } from "typebox";
import { Settings } from "typebox/system";
import { Value } from "typebox/value";
import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import { knownWireApis } from "../wire-api/lookup.js";
import type { WireApi } from "../wire-api/wire-api.js";
import { ModelsFileError } from "./models-file-error.js";
import { MODELS_FILE_EXAMPLE } from "./models-file-example.js";
import { type ModelsFile, ModelsFileSchema } from "./models-file-schema.js";

/**
 * Checks the parsed contents of a `models.json` and returns them typed, with `providers`
 * always present. Each provider's `api` must be a wire API `registry` knows (the built-ins
 * and every registered module, a provider package's included), and its `compat` flags,
 * and each model's, are checked against that API's compat schema: a provider package's
 * flags validate like the built-ins'. Pure: `file` is only used in messages.
 *
 * @throws ModelsFileError naming the file and every bad key, with an example of the format.
 */
export function validateModelsFile(
	value: unknown,
	file: string,
	registry: ProviderRegistry = defaultRegistry,
): ModelsFile {
	const problems = new Problems();
	problems.addSchemaErrors(ModelsFileSchema, value, "");
	const modules = knownWireApis(registry);
	const providers = isObject(value) && isObject(value.providers) ? value.providers : {};
	for (const [name, entry] of Object.entries(providers)) {
		if (!isObject(entry) || typeof entry.api !== "string" || entry.api === "") continue;
		const at = `providers.${name}`;
		const module = modules.find((candidate) => candidate.api === entry.api);
		if (!module) {
			problems.set(`${at}.api`, unknownApiProblem(`${at}.api`, modules));
			continue;
		}
		problems.addCompat(module, entry.compat, `${at}.compat`);
		if (!Array.isArray(entry.models)) continue;
		entry.models.forEach((model, index) => {
			if (isObject(model)) problems.addCompat(module, model.compat, `${at}.models.${index}.compat`);
		});
	}
	const lines = problems.lines();
	if (lines.length === 0) {
		const valid = value as Omit<ModelsFile, "providers"> & Partial<ModelsFile>;
		return { ...valid, providers: valid.providers ?? {} };
	}
	throw new ModelsFileError(
		[
			`Invalid models file ${file}:`,
			...lines.map((line) => `  - ${line}`),
			"Fix the keys above. The format is:",
			MODELS_FILE_EXAMPLE,
		].join("\n"),
		file,
		lines,
	);
}

function unknownApiProblem(path: string, modules: readonly WireApi[]): string {
	const apis = modules.map((module) => JSON.stringify(module.api)).join(", ");
	return (
		`"${path}": must be one of ${apis} (the registered wire APIs; ` +
		`the API of a provider package is known once the package is loaded: list it in "packages")`
	);
}

/** One problem per key path, in the order they are found. */
class Problems {
	private readonly byPath = new Map<string, string>();
	private readonly allowed = new Map<string, unknown[]>();
	private stopped = false;

	set(path: string, problem: string): void {
		this.byPath.set(path, problem);
	}

	lines(): string[] {
		const lines = [...this.byPath.values()];
		if (this.stopped) lines.push("(checking stopped here: there may be more)");
		return lines;
	}

	/**
	 * The errors of `value` against `schema`, with paths under `prefix`. TypeBox stops after
	 * a few errors (its `maxErrors`), possibly before the `anyOf` error that closes a list of
	 * allowed values, so the choices are written as they come.
	 */
	addSchemaErrors(schema: TSchema, value: unknown, prefix: string): void {
		const errors = Value.Errors(schema, value);
		for (const error of errors) {
			const path = joinPath(prefix, dottedPath(error.instancePath));
			const params = error.params as { allowedValue?: unknown };
			// TypeBox reports an unknown key twice (as a `false` schema and on its parent): keep one.
			if (error.keyword === "additionalProperties") continue;
			if (error.keyword === "boolean") this.byPath.set(path, `"${path}": unknown key; remove it`);
			else if (error.keyword === "const") {
				const choices = [...(this.allowed.get(path) ?? []), params.allowedValue];
				this.allowed.set(path, choices);
				this.byPath.set(
					path,
					`"${path}": must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`,
				);
			} else if (!this.byPath.has(path))
				this.byPath.set(path, `"${path || "(top level)"}": ${error.message}`);
		}
		if (errors.length >= Settings.Get().maxErrors) this.stopped = true;
	}

	/** `compat` against the compat schema of `module`: flags it does not declare, then bad values. */
	addCompat(module: WireApi, compat: unknown, at: string): void {
		if (!isObject(compat)) return; // not an object: the file's schema said so already
		const flags = Object.keys(module.compat.properties);
		const known: Record<string, unknown> = {};
		for (const [flag, value] of Object.entries(compat)) {
			if (flags.includes(flag)) known[flag] = value;
			else {
				const path = joinPath(at, flag);
				const choice = flags.length > 0 ? `its flags are ${flags.join(", ")}` : "it has none";
				this.byPath.set(path, `"${path}": not a compat flag of ${module.api} (${choice}); remove it`);
			}
		}
		this.addSchemaErrors(module.compat, known, at);
	}
}

function joinPath(prefix: string, path: string): string {
	return prefix && path ? `${prefix}.${path}` : prefix || path;
}

/** A JSON Pointer as TypeBox reports it (`/providers/local/models/0`) as a dotted path. */
function dottedPath(pointer: string): string {
	if (!pointer) return "";
	return pointer
		.slice(1)
		.split("/")
		.map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
		.join(".");
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

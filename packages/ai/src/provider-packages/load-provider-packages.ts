import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import type { WireApi } from "../wire-api/wire-api.js";
import { isPackagePath } from "./package-spec.js";
import { ProviderPackageError } from "./provider-package-error.js";
import { wireApisOf } from "./wire-apis-of.js";

/** A provider package to load, and where it was named (for messages). */
export interface ProviderPackageRequest {
	/** A package name (`@kestrel/provider-bedrock`) or an absolute path to a package folder or file. */
	spec: string;
	/** Where the request came from, e.g. `~/.kestrel/settings.json ("providers")`; said in errors. */
	namedIn?: string;
}

export interface LoadProviderPackagesOptions {
	/**
	 * The folders a package name is resolved from, in order, as if imported by a file in
	 * each (Node's resolution: its `node_modules`, then its parents'). Never the folder of
	 * the running program: a host installed globally must find a package its user installed.
	 */
	from: readonly string[];
	/** Where the install command in a "not found" error installs to. Default: the last folder of `from`. */
	installFolder?: string;
	/** Default: the default registry. */
	registry?: ProviderRegistry;
}

/** A provider package that was loaded and registered. */
export interface LoadedProviderPackage {
	spec: string;
	/** The file that was imported. */
	entry: string;
	/** The wire API modules it exports ({@link wireApisOf}), now registered. */
	modules: WireApi[];
	/** The `sourceId` they were registered with (`provider-package:<spec>`), for `unregister`. */
	sourceId: string;
}

/**
 * Loads provider packages and registers every wire API module each exports
 * (`registry.registerWireApi(module, "provider-package:<spec>")`), so that their APIs,
 * providers and catalogue models are known before models are looked up. A name is
 * resolved from the `from` folders in order; a path is imported from there. A spec given
 * twice is loaded once. Loading runs the package's code: name only packages the user chose.
 *
 * @throws ProviderPackageError for the first package that cannot be found (naming the
 *   folders searched and the npm command to install it), exports no module, or fails to load.
 */
export async function loadProviderPackages(
	requests: readonly ProviderPackageRequest[],
	options: LoadProviderPackagesOptions,
): Promise<LoadedProviderPackage[]> {
	const registry = options.registry ?? defaultRegistry;
	const loaded: LoadedProviderPackage[] = [];
	const seen = new Set<string>();
	for (const request of requests) {
		if (seen.has(request.spec)) continue;
		seen.add(request.spec);
		const entry = resolvePackageEntry(request, options);
		const modules = await importModules(request, entry);
		const sourceId = `provider-package:${request.spec}`;
		for (const module of modules) {
			try {
				registry.registerWireApi(module, sourceId);
			} catch (error) {
				throw loadFailed(request, entry, error);
			}
		}
		loaded.push({ spec: request.spec, entry, modules, sourceId });
	}
	return loaded;
}

/**
 * The file a provider package name or path resolves to: Node's resolution of the name
 * from each folder in turn (the package's `exports`, else `main`, else `index.js`).
 *
 * @throws ProviderPackageError (`not-found`) naming every `node_modules` folder looked in.
 */
export function resolvePackageEntry(
	request: ProviderPackageRequest,
	options: Pick<LoadProviderPackagesOptions, "from" | "installFolder">,
): string {
	const { spec } = request;
	if (isPackagePath(spec)) {
		const path = resolve(spec);
		const entry = existsSync(path) && statSync(path).isDirectory() ? folderEntry(path) : path;
		if (entry && existsSync(entry)) return entry;
		throw new ProviderPackageError(
			`Cannot find the provider package at ${path}${namedIn(request)}: no such file or package folder. ` +
				"Fix the path, or remove it from the list.",
			{ kind: "not-found", spec, searched: [path] },
		);
	}
	const searched: string[] = [];
	for (const folder of options.from) {
		const base = resolve(folder);
		searched.push(join(base, "node_modules"));
		try {
			return createRequire(join(base, "noop.js")).resolve(spec);
		} catch (error) {
			// A package whose exports have only an `import` condition: require cannot resolve it.
			if ((error as NodeJS.ErrnoException).code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") continue;
			const entry = importEntry(base, spec);
			if (entry) return entry;
		}
	}
	const install = options.installFolder ?? options.from.at(-1);
	const command = install ? `npm install --prefix ${install} ${spec}` : `npm install ${spec}`;
	throw new ProviderPackageError(
		`Cannot find the provider package "${spec}"${namedIn(request)}. Looked in ${[...new Set(searched)].join(", ")} ` +
			"(and the node_modules folders above them). " +
			`Install it with: ${command}`,
		{ kind: "not-found", spec, searched: [...new Set(searched)] },
	);
}

async function importModules(request: ProviderPackageRequest, entry: string): Promise<WireApi[]> {
	let namespace: Record<string, unknown>;
	try {
		namespace = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
	} catch (error) {
		throw loadFailed(request, entry, error);
	}
	let modules: WireApi[];
	try {
		modules = wireApisOf(namespace);
	} catch (error) {
		throw loadFailed(request, entry, error);
	}
	if (modules.length === 0) {
		throw new ProviderPackageError(
			`The package "${request.spec}" (${entry}${namedIn(request, ", ")}) exports no wire API module ` +
				"(an object with api, compat, auth, replayRules and createProvider, as its default export or a named one). " +
				"Check that it is a Kestrel provider package, or remove it from the list.",
			{ kind: "no-wire-api", spec: request.spec },
		);
	}
	return modules;
}

function loadFailed(request: ProviderPackageRequest, entry: string, error: unknown): ProviderPackageError {
	const reason = error instanceof Error ? error.message : String(error);
	return new ProviderPackageError(
		`The provider package "${request.spec}" (${entry}${namedIn(request, ", ")}) failed to load: ${reason} ` +
			"Reinstall it (with its dependencies, @kestrel/ai included), or remove it from the list.",
		{ kind: "load-failed", spec: request.spec },
		{ cause: error },
	);
}

/** ` (named in X)`, or with a separator `, named in X` to go inside parentheses; empty when unknown. */
function namedIn(request: ProviderPackageRequest, separator?: string): string {
	if (!request.namedIn) return "";
	return separator === undefined
		? ` (named in ${request.namedIn})`
		: `${separator}named in ${request.namedIn}`;
}

/** The `node_modules` folders Node looks in from `folder`: its own, then each parent's. */
function nodeModulesFolders(folder: string): string[] {
	const folders: string[] = [];
	for (let current = folder; ; current = dirname(current)) {
		if (!current.endsWith("node_modules")) folders.push(join(current, "node_modules"));
		if (dirname(current) === current) return folders;
	}
}

/** The entry of a package folder: its `exports` for `.` (import conditions), else `main`, else `index.js`. */
function folderEntry(folder: string): string | undefined {
	let manifest: { exports?: unknown; main?: unknown } = {};
	try {
		manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
	} catch {
		// No readable package.json: a plain folder with an index.js.
	}
	const exported = exportTarget(
		typeof manifest.exports === "object" && manifest.exports !== null && "." in manifest.exports
			? (manifest.exports as Record<string, unknown>)["."]
			: manifest.exports,
	);
	if (exported) return join(folder, exported);
	return join(folder, typeof manifest.main === "string" ? manifest.main : "index.js");
}

/** A name's entry from `base`, found by walking up to its `node_modules/<name>` folder. */
function importEntry(base: string, name: string): string | undefined {
	for (const folder of nodeModulesFolders(base)) {
		const candidate = join(folder, name);
		if (existsSync(join(candidate, "package.json"))) return folderEntry(candidate);
	}
	return undefined;
}

/** The target of an `exports` value for an ESM import on Node: a string, or the first of `import`, `node`, `default`. */
function exportTarget(value: unknown): string | undefined {
	if (typeof value === "string") return value;
	if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
	const conditions = value as Record<string, unknown>;
	for (const condition of ["import", "node", "default"]) {
		if (condition in conditions) {
			const target = exportTarget(conditions[condition]);
			if (target) return target;
		}
	}
	return undefined;
}

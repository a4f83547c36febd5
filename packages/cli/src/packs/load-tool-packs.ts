import { pathToFileURL } from "node:url";
import type { ToolPackModule } from "@kestrel/agent-core";
import { ProviderPackageError, resolvePackageEntry } from "@kestrel/ai";
import { CliError } from "../cli-error.js";
import type { OwnToolPack } from "./default-tool-packs.js";
import { toolPackModuleOf } from "./tool-pack-module.js";

/** A tool-pack package to load, and where it was named (for messages). */
export interface ToolPackRequest {
	/** A package name or a path to a package folder or file. */
	spec: string;
	/** Where it was named, e.g. `the "toolPacks" setting (~/.kestrel/settings.json)`; absent for kestrel's own packs. */
	namedIn?: string;
}

/** A loaded pack module and the package it came from. */
export interface LoadedToolPack {
	spec: string;
	module: ToolPackModule;
}

export interface LoadToolPacksOptions {
	/** Folders a package name is resolved from, in order (the project only when trusted, then Kestrel's folder). */
	from: readonly string[];
	/** Where the install command of a "not found" error installs to. */
	installFolder: string;
}

/**
 * Loads kestrel's own packs (`own`, from its install: they are its dependencies) and then the packages the user named
 * (`requests`, resolved from `from`); a spec given twice is loaded once, and two packs of
 * one name are an error naming both packages. Loading runs the package's code: the
 * caller passes only packages the user chose (project settings only in trusted folders).
 *
 * @throws CliError that says what to do: install the package, fix the name, or remove it.
 */
export async function loadToolPacks(
	own: readonly OwnToolPack[],
	requests: readonly ToolPackRequest[],
	options: LoadToolPacksOptions,
): Promise<LoadedToolPack[]> {
	const loaded: LoadedToolPack[] = [];
	const seen = new Set<string>();
	for (const { spec, load } of own) {
		if (seen.has(spec)) continue;
		seen.add(spec);
		loaded.push({ spec, module: moduleOf({ spec }, spec, await importing({ spec }, spec, load)) });
	}
	for (const request of requests) {
		if (seen.has(request.spec)) continue;
		seen.add(request.spec);
		const entry = resolveEntry(request, options);
		const namespace = await importing(request, entry, () => import(pathToFileURL(entry).href));
		loaded.push({ spec: request.spec, module: moduleOf(request, entry, namespace) });
	}
	const byName = new Map<string, string>();
	for (const { spec, module } of loaded) {
		const other = byName.get(module.name);
		if (other !== undefined) {
			throw new CliError(
				`The tool packs "${other}" and "${spec}" are both named "${module.name}"; remove one of them from the "toolPacks" setting.`,
			);
		}
		byName.set(module.name, spec);
	}
	return loaded;
}

function resolveEntry(request: ToolPackRequest, options: LoadToolPacksOptions): string {
	try {
		return resolvePackageEntry({ spec: request.spec }, options);
	} catch (error) {
		if (!(error instanceof ProviderPackageError)) throw error;
		const where = error.searched.length > 0 ? ` Looked in ${error.searched.join(", ")}.` : "";
		throw new CliError(
			`Cannot find the tool pack "${request.spec}"${namedIn(request)}.${where} ` +
				`Install it with: npm install --prefix ${options.installFolder} ${request.spec} (or fix the name).`,
		);
	}
}

async function importing(
	request: ToolPackRequest,
	entry: string,
	load: () => Promise<unknown>,
): Promise<Record<string, unknown>> {
	try {
		return (await load()) as Record<string, unknown>;
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new CliError(
			`The tool pack "${request.spec}" (${entry}${namedIn(request, ", ")}) failed to load: ${reason} ` +
				"Reinstall it with its dependencies, or remove it from the list.",
		);
	}
}

function moduleOf(
	request: ToolPackRequest,
	entry: string,
	namespace: Record<string, unknown>,
): ToolPackModule {
	const module = toolPackModuleOf(namespace);
	if (module) return module;
	throw new CliError(
		`The package "${request.spec}" (${entry}${namedIn(request, ", ")}) exports no tool pack ` +
			"(a `toolPack` export made with defineToolPack: name, description, create). " +
			"Check that it is a Kestrel tool pack, or remove it from the list.",
	);
}

function namedIn(request: ToolPackRequest, separator?: string): string {
	if (!request.namedIn) return "";
	return separator === undefined
		? ` (named in ${request.namedIn})`
		: `${separator}named in ${request.namedIn}`;
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import {
	type LoadedModelsFile,
	type LoadedProviderPackage,
	loadProviderPackages,
	ModelsFileError,
	modelsFileModels,
	modelsFilePackages,
	ProviderPackageError,
	type ProviderPackageRequest,
	parseModelsFile,
	type ReadModelsFile,
	readModelsFile,
	registerBuiltInProviders,
} from "@kestrel/ai";
import type { LoadedSettings } from "@kestrel/harness";
import { CliError } from "../cli-error.js";

export interface ConfigureModelsInput {
	/** The settings as loaded, with the project folder's trust settled. */
	loaded: Pick<LoadedSettings, "settings" | "sources" | "projectTrusted">;
	cwd: string;
	/** Kestrel's global folder: `models.json`, and provider packages installed with `npm install --prefix`. */
	home: string;
	env?: NodeJS.ProcessEnv;
}

export interface ConfiguredModels {
	modelsFile: LoadedModelsFile;
	/** The provider packages loaded and registered, in the order they were named. */
	packages: LoadedProviderPackage[];
}

/**
 * Makes every wire API kestrel can use known before a model is resolved: the built-ins,
 * then the provider packages named in settings (`providers`) and in `models.json`
 * (`packages`), then `models.json` validated against all of them. Package names are
 * resolved from the project folder when it is trusted (a cloned repository's
 * `node_modules` is its code), then from Kestrel's folder. Every failure is a
 * {@link CliError} that says what to do.
 */
export async function configureModels(input: ConfigureModelsInput): Promise<ConfiguredModels> {
	const { loaded, cwd, home } = input;
	registerBuiltInProviders();
	const read = await asCliError(() => readModelsFile(join(home, "models.json")));
	const requests = providerPackageRequests(loaded, read);
	const packages = await asCliError(() =>
		loadProviderPackages(requests, {
			from: packageFolders(cwd, home, loaded.projectTrusted),
			installFolder: home,
		}),
	).catch((error: unknown) => {
		throw withTrustNote(error, cwd, loaded.projectTrusted);
	});
	const modelsFile = await asCliError(async () => parseModelsFile(read));
	// A model defineModel refuses is reported now, not when it is first listed or chosen.
	await asCliError(async () => modelsFileModels(modelsFile, input.env ?? process.env));
	return { modelsFile, packages };
}

/** Where provider package names are resolved from: the project folder only when trusted, then Kestrel's folder. */
export function packageFolders(cwd: string, home: string, projectTrusted: boolean): string[] {
	return projectTrusted ? [cwd, home] : [home];
}

/** The packages the settings' `providers` and the models file's `packages` name, settings first. */
export function providerPackageRequests(
	loaded: Pick<LoadedSettings, "settings" | "sources">,
	read: ReadModelsFile,
): ProviderPackageRequest[] {
	const inSettings = `the "providers" setting (${loaded.sources.join(" or ")})`;
	return [
		...(loaded.settings.providers ?? []).map((spec) => ({ spec, namedIn: inSettings })),
		...modelsFilePackages(read).map((spec) => ({ spec, namedIn: `"packages" in ${read.path}` })),
	];
}

function withTrustNote(error: unknown, cwd: string, projectTrusted: boolean): unknown {
	if (!(error instanceof CliError) || projectTrusted || !(error.cause instanceof ProviderPackageError))
		return error;
	const { kind, spec } = error.cause;
	if (kind !== "not-found" || !existsSync(join(cwd, "node_modules", spec))) return error;
	return new CliError(
		`${error.message}\nIt is installed in ${join(cwd, "node_modules")}, which kestrel uses only in a folder you trust ` +
			"(its code would run): trust this folder with kestrel --trust-folder, or install the package with the command above.",
	);
}

async function asCliError<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof ModelsFileError || error instanceof ProviderPackageError) {
			throw new CliError(error.message, 1, { cause: error });
		}
		throw error;
	}
}

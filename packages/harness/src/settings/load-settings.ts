import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isPackagePath, resolvePackagePath } from "@kestrel/ai";
import { kestrelHome } from "../paths.js";
import { mergeSettings } from "./merge-settings.js";
import { SettingsError } from "./settings-error.js";
import { type ExtraSettingsKeys, settingsShape } from "./settings-keys.js";
import type { Settings } from "./settings-schema.js";
import { isTrustedFolder } from "./trusted-folders.js";
import { validateSettings } from "./validate-settings.js";
import { type WithheldSetting, withholdWideningSettings } from "./widening-settings.js";

export interface LoadSettingsOptions {
	/** The project folder: its `.kestrel/settings.json` is the project file. */
	cwd: string;
	/** Kestrel's global folder, holding the global `settings.json`. Default `kestrelHome()` (`$KESTREL_HOME` or `~/.kestrel`). */
	home?: string;
	/**
	 * Whether the project folder is trusted, so that its file may widen what runs unasked
	 * or move data ({@link withholdWideningSettings}). Default: whether `cwd` is listed in
	 * `<home>/trusted-folders.json`.
	 */
	trustProject?: boolean;
	/**
	 * Top-level keys that tool packs declare (`toolPackSettingsKeys(modules)`): validated
	 * with the built-in keys (errors name the pack and the JSON pointer), not reported as
	 * unknown, merged like the others (a record such as `mcpServers` by entry name), and
	 * withheld from an untrusted project file when they widen what runs. A key declared
	 * twice throws.
	 */
	extraKeys?: readonly ExtraSettingsKeys[];
}

export interface LoadedSettings {
	/**
	 * The global file's settings overlaid with the project's ({@link mergeSettings}); the
	 * keys of `extraKeys` are in it too (read them with `pickSettings`).
	 */
	settings: Settings;
	/** The files that were found and read, global first. */
	sources: string[];
	/** Unknown keys, one line each, naming the file and the key. */
	warnings: string[];
	/** Widening keys of an untrusted project file that were not applied; empty when trusted. */
	withheld: WithheldSetting[];
	/**
	 * Whether the project folder is trusted (`trustProject`, else the trusted-folders list).
	 * A host that runs code from the project (provider packages in its `node_modules`) does
	 * so only when it is.
	 */
	projectTrusted: boolean;
}

/**
 * Reads and merges `<home>/settings.json` and `<cwd>/.kestrel/settings.json`. A missing
 * file counts as empty, and so does a blank one. A file that cannot be read, is not JSON
 * or holds an invalid value throws a {@link SettingsError} naming the file (and the key);
 * unknown keys only warn. A relative `session.dir` is resolved against the folder of the
 * file that sets it, and `~` against the user's home folder. Unless the project folder is
 * trusted, the project file cannot widen permissions or move data: those keys are left out
 * and listed in `withheld`.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<LoadedSettings> {
	const shape = settingsShape(options.extraKeys);
	const home = resolve(options.home ?? kestrelHome());
	const globalFile = join(home, "settings.json");
	const projectFile = join(resolve(options.cwd), ".kestrel", "settings.json");
	const files = globalFile === projectFile ? [globalFile] : [globalFile, projectFile];
	let settings: Settings = {};
	const sources: string[] = [];
	const warnings: string[] = [];
	const withheld: WithheldSetting[] = [];
	let projectTrusted: boolean | undefined = options.trustProject;
	const trusted = async () => {
		projectTrusted ??= await isTrustedFolder(options.cwd, home);
		return projectTrusted;
	};
	for (const file of files) {
		const text = await readSettingsText(file);
		if (text === undefined) continue;
		sources.push(file);
		const validated = validateSettings(parseSettingsJson(text, file), file, shape);
		warnings.push(...validated.warnings);
		let fileSettings = validated.settings;
		if (file === projectFile && !(await trusted())) {
			const split = withholdWideningSettings(settings, fileSettings, file, shape.widening);
			fileSettings = split.allowed;
			withheld.push(...split.withheld);
		}
		settings = mergeSettings(settings, resolvePaths(fileSettings, dirname(file)), shape.schema);
	}
	return { settings, sources, warnings, withheld, projectTrusted: await trusted() };
}

async function readSettingsText(file: string): Promise<string | undefined> {
	try {
		return await readFile(file, "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return undefined;
		throw new SettingsError(
			`Cannot read settings file ${file} (${code ?? String(error)}). Check that it is a readable file, or remove it.`,
			file,
			[],
			{ cause: error },
		);
	}
}

/** JSON text to a value; blank text is `{}`, a byte-order mark is ignored. */
export function parseSettingsJson(text: string, file: string): unknown {
	const body = text.replace(/^\uFEFF/, "");
	if (body.trim() === "") return {};
	try {
		return JSON.parse(body);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		const position = /position (\d+)/.exec(reason)?.[1];
		const where = position === undefined ? "" : ` at ${lineAndColumn(body, Number(position))}`;
		throw new SettingsError(
			`Settings file ${file} is not valid JSON${where}: ${reason}. ` +
				"Fix the syntax (plain JSON: double-quoted keys, no comments, no trailing commas).",
			file,
			[],
			{ cause: error },
		);
	}
}

function lineAndColumn(text: string, offset: number): string {
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	const column = offset - before.lastIndexOf("\n");
	return `line ${line}, column ${column}`;
}

function resolvePaths(settings: Settings, baseDir: string): Settings {
	let resolved = settings;
	if (settings.providers !== undefined) {
		const providers = settings.providers.map((spec) =>
			isPackagePath(spec) ? resolvePackagePath(spec, baseDir) : spec,
		);
		resolved = { ...resolved, providers };
	}
	if (settings.toolPacks !== undefined) {
		const toolPacks = settings.toolPacks.map((spec) =>
			isPackagePath(spec) ? resolvePackagePath(spec, baseDir) : spec,
		);
		resolved = { ...resolved, toolPacks };
	}
	const dir = settings.session?.dir;
	if (dir === undefined) return resolved;
	const expanded = dir === "~" ? homedir() : dir.startsWith("~/") ? join(homedir(), dir.slice(2)) : dir;
	return { ...resolved, session: { ...settings.session, dir: resolve(baseDir, expanded) } };
}

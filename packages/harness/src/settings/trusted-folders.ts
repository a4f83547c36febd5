import { mkdir, readFile, realpath, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { kestrelHome } from "../paths.js";
import { SettingsError } from "./settings-error.js";
import { isPlainObject } from "./validate-settings.js";

/** The user-level file that lists trusted folders: `<home>/trusted-folders.json`. */
export function trustedFoldersFile(home: string = kestrelHome()): string {
	return join(resolve(home), "trusted-folders.json");
}

/**
 * The folders the user trusts, as written in `<home>/trusted-folders.json`
 * (`{ "folders": ["/abs/path", …] }`). A missing file is an empty list; a file that is not
 * that shape throws a {@link SettingsError} naming it.
 */
export async function readTrustedFolders(home: string = kestrelHome()): Promise<string[]> {
	const file = trustedFoldersFile(home);
	let text: string;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return [];
		throw new SettingsError(`Cannot read ${file} (${code ?? String(error)}).`, file, [], { cause: error });
	}
	let value: unknown;
	try {
		value = text.trim() === "" ? {} : JSON.parse(text.replace(/^\uFEFF/, ""));
	} catch {
		value = undefined;
	}
	const folders = isPlainObject(value) ? (value.folders ?? []) : undefined;
	if (!Array.isArray(folders) || !folders.every((folder) => typeof folder === "string")) {
		throw new SettingsError(
			`${file} must hold { "folders": ["/absolute/path", …] }. Fix the file or delete it.`,
			file,
		);
	}
	return folders;
}

/**
 * Whether the user trusts `cwd`: the folder itself (as named or with links resolved) is in
 * the list. Trust is per folder, not inherited by subfolders, because the project file
 * read is `<cwd>/.kestrel/settings.json`.
 */
export async function isTrustedFolder(cwd: string, home: string = kestrelHome()): Promise<boolean> {
	const trusted = new Set((await readTrustedFolders(home)).map((folder) => resolve(folder)));
	return (await folderNames(cwd)).some((name) => trusted.has(name));
}

/** Records that the user trusts `cwd` (with links resolved). Returns the file written. */
export async function trustFolder(cwd: string, home: string = kestrelHome()): Promise<string> {
	const file = trustedFoldersFile(home);
	const folders = await readTrustedFolders(home);
	const [, real] = await folderNames(cwd);
	const name = real ?? resolve(cwd);
	if (folders.some((folder) => resolve(folder) === name)) return file;
	await mkdir(resolve(home), { recursive: true });
	const temporary = `${file}.${process.pid}.tmp`;
	await writeFile(temporary, `${JSON.stringify({ folders: [...folders, name] }, null, "\t")}\n`);
	await rename(temporary, file);
	return file;
}

async function folderNames(cwd: string): Promise<string[]> {
	const named = resolve(cwd);
	const real = await realpath(named).catch(() => named);
	return [named, real];
}

import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { resolve } from "node:path";

/** A folder entry, for completing `@path`. */
export interface PathEntry {
	name: string;
	directory: boolean;
}

/** The `@path` being typed just before the cursor: where its `@` is, and the path so far. */
export interface PathToken {
	/** Offset of the `@` in the editor's text. */
	start: number;
	path: string;
}

/** `@src/ma` before the cursor (at the start or after whitespace); `undefined` otherwise. Pure. */
export function pathToken(text: string, cursor: number): PathToken | undefined {
	const match = /(?:^|\s)@(\S*)$/.exec(text.slice(0, cursor));
	if (!match) return undefined;
	const path = match[1] ?? "";
	return { start: cursor - path.length - 1, path };
}

/** The folder part of a path being typed (`src/` of `src/ma`), with its trailing slash. */
export function folderOf(path: string): string {
	return path.slice(0, path.lastIndexOf("/") + 1);
}

/** What Tab does to an `@path`: the completed path and the entry names that still fit. */
export interface PathCompletion {
	/** The new path (without the `@`): a folder ends in `/`, a file in a space. */
	path: string;
	/** The names that fit (folders with a trailing `/`), sorted. */
	matches: readonly string[];
}

/**
 * Completes `path` from the entries of its folder: to the whole name when one entry fits
 * (a folder gets `/`, to go on typing inside it; a file a space), else to the longest
 * prefix the names share. Hidden entries are offered only when the name typed so far
 * starts with a dot. `undefined` when nothing fits. Pure.
 */
export function completePath(path: string, entries: readonly PathEntry[]): PathCompletion | undefined {
	const folder = folderOf(path);
	const typed = path.slice(folder.length);
	const fitting = entries
		.filter((entry) => entry.name.startsWith(typed) && (typed.startsWith(".") || !entry.name.startsWith(".")))
		.sort((a, b) => a.name.localeCompare(b.name));
	const first = fitting[0];
	if (first === undefined) return undefined;
	const matches = fitting.map((entry) => (entry.directory ? `${entry.name}/` : entry.name));
	if (fitting.length === 1) return { path: `${folder}${first.name}${first.directory ? "/" : " "}`, matches };
	let prefix = first.name;
	for (const { name } of fitting) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
	return { path: `${folder}${prefix}`, matches };
}

/** The entries of `folder` (relative to `cwd`); an empty list when it cannot be read. */
export async function readPathEntries(cwd: string, folder: string): Promise<PathEntry[]> {
	const directory = resolve(cwd, folder === "" ? "." : folder);
	const entries: Dirent[] = await readdir(directory, { withFileTypes: true }).catch(() => []);
	return Promise.all(
		entries.map(async (entry) => ({
			name: entry.name,
			directory:
				entry.isDirectory() ||
				(entry.isSymbolicLink() &&
					(await stat(resolve(directory, entry.name)).then(
						(info) => info.isDirectory(),
						() => false,
					))),
		})),
	);
}

import * as nodePath from "node:path";
import { PathAccessError } from "../paths/path-resolver.js";
import type { ConfineOptions, FileKind, FileOperations } from "../types.js";
import { type IgnoreRules, withIgnoreFile } from "./ignore-rules.js";

export interface WalkEntry {
	/** Absolute. */
	path: string;
	/** Relative to the start folder, with `/`. */
	relative: string;
	kind: FileKind;
}

export interface WalkOptions {
	/** Rules in force in the start folder (see `inheritedRules`). */
	rules: IgnoreRules;
	signal?: AbortSignal;
	/** Return `false` to skip a folder's contents (the folder itself is still yielded). */
	descend?: (entry: WalkEntry) => boolean;
	/** Passed to every `readdir`: see `ConfineOptions`. */
	confine?: ConfineOptions["confine"];
}

interface Frame {
	path: string;
	relative: string;
	rules: IgnoreRules;
	entries: { name: string; kind: FileKind }[];
	next: number;
}

function byName(a: { name: string }, b: { name: string }): number {
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Every entry under `start`, depth first with each folder's entries sorted by name (so
 * the order is stable and a limit cuts it at the same place every time). Skips `.git`
 * and whatever the `.gitignore` files in force ignore; does not follow symbolic links.
 * Folders that cannot be read are skipped; one that `confine` refuses ends the walk.
 */
export async function* walk(
	operations: FileOperations,
	start: string,
	options: WalkOptions,
): AsyncGenerator<WalkEntry> {
	const stack: Frame[] = [];
	const open = async (path: string, relative: string, inherited: IgnoreRules) => {
		let entries: { name: string; kind: FileKind }[];
		try {
			entries = await operations.readdir(path, options.confine && { confine: options.confine });
		} catch (error) {
			// A folder swapped for a link out of the workspace is refused out loud.
			if (error instanceof PathAccessError) throw error;
			return;
		}
		const rules = entries.some((entry) => entry.name === ".gitignore")
			? await withIgnoreFile(operations, inherited, path)
			: inherited;
		entries.sort(byName);
		stack.push({ path, relative, rules, entries, next: 0 });
	};
	await open(start, "", options.rules);
	while (stack.length > 0) {
		const frame = stack.at(-1)!;
		if (frame.next >= frame.entries.length) {
			stack.pop();
			continue;
		}
		const { name, kind } = frame.entries[frame.next++]!;
		if (name === ".git") continue;
		const path = frame.path.endsWith(nodePath.sep) ? frame.path + name : frame.path + nodePath.sep + name;
		if (frame.rules.ignores(path, kind === "directory")) continue;
		const entry: WalkEntry = {
			path,
			relative: frame.relative === "" ? name : `${frame.relative}/${name}`,
			kind,
		};
		yield entry;
		if (kind === "directory" && (options.descend?.(entry) ?? true)) {
			options.signal?.throwIfAborted();
			await open(path, entry.relative, frame.rules);
		}
	}
}

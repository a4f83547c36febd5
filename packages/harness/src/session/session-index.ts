import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseSessionBytes } from "./parse-session-text.js";
import { isSessionFileName } from "./session-file-name.js";
import { type SessionContentInfo, sessionContentInfo } from "./session-info.js";
import { SessionFormatError, type SessionInfo } from "./types.js";

/** The index format version; an index of another version is rebuilt. */
export const SESSION_INDEX_VERSION = 1;

/** `<dir>/index.json`: one row per session file, valid while its size and mtime match. */
export interface SessionIndex {
	version: number;
	files: Record<string, SessionIndexRow>;
}

export interface SessionIndexRow {
	size: number;
	mtimeMs: number;
	/** `null` for a file that is not a session (listing skips it without reading it again). */
	info: SessionContentInfo | null;
}

/** Reads one session file for its listing row; `null` when it is not a session file. */
export type SessionInfoReader = (path: string) => Promise<SessionContentInfo | null>;

/** Reads and parses the whole file (as bytes, decoded line by line); missing or header-less files give `null`. */
export const readSessionContentInfo: SessionInfoReader = async (path) => {
	try {
		return sessionContentInfo(parseSessionBytes(await readFile(path), path));
	} catch (error) {
		if (error instanceof SessionFormatError) return null;
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
		throw error;
	}
};

const READ_CONCURRENCY = 16;

/**
 * The sessions of `dir`, newest first, through `<dir>/index.json`: one `readdir`, one
 * `stat` per file, and a read (through `readInfo`) only of files that are new or whose
 * size or mtime changed. The index is written back (temp file + rename) only when a
 * row changed; a missing or corrupt index is rebuilt.
 */
export async function listSessionFiles(
	dir: string,
	readInfo: SessionInfoReader = readSessionContentInfo,
): Promise<SessionInfo[]> {
	return (await scanSessionFiles(dir, readInfo)).sessions;
}

/** A file named like a session that does not read as one: a newer format, a broken header. */
export interface UnreadableSessionFile {
	path: string;
	/** The file's mtime, ms since the epoch. */
	modified: number;
}

/** What {@link scanSessionFiles} found: the sessions and the session-named files that are none, each newest first. */
export interface SessionScan {
	sessions: SessionInfo[];
	unreadable: UnreadableSessionFile[];
}

/** {@link listSessionFiles}, with the files it leaves out because they do not read as sessions. */
export async function scanSessionFiles(
	dir: string,
	readInfo: SessionInfoReader = readSessionContentInfo,
): Promise<SessionScan> {
	let names: string[];
	try {
		names = (await readdir(dir)).filter(isSessionFileName);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { sessions: [], unreadable: [] };
		throw error;
	}
	const indexPath = join(dir, "index.json");
	const previous = await readIndex(indexPath);
	const next: SessionIndex = { version: SESSION_INDEX_VERSION, files: {} };
	let changed = previous === undefined;
	const stale: { name: string; size: number; mtimeMs: number }[] = [];
	const stats = await Promise.all(names.map((name) => statOrUndefined(join(dir, name))));
	names.forEach((name, index) => {
		const stats_ = stats[index];
		if (!stats_) return;
		const row = previous?.files[name];
		if (row && row.size === stats_.size && row.mtimeMs === stats_.mtimeMs) next.files[name] = row;
		else stale.push({ name, size: stats_.size, mtimeMs: stats_.mtimeMs });
	});
	await forEachLimited(stale, READ_CONCURRENCY, async ({ name, size, mtimeMs }) => {
		next.files[name] = { size, mtimeMs, info: await readInfo(join(dir, name)) };
	});
	if (stale.length > 0) changed = true;
	if (previous && Object.keys(previous.files).some((name) => !(name in next.files))) changed = true;
	if (changed) await writeIndex(indexPath, next);
	const infos: SessionInfo[] = [];
	const unreadable: UnreadableSessionFile[] = [];
	for (const [name, row] of Object.entries(next.files)) {
		if (row.info) infos.push({ ...row.info, path: join(dir, name), modified: row.mtimeMs, size: row.size });
		else unreadable.push({ path: join(dir, name), modified: row.mtimeMs });
	}
	return { sessions: infos.sort(newestFirst), unreadable: unreadable.sort(newestFirst) };
}

function newestFirst(a: { path: string; modified: number }, b: { path: string; modified: number }): number {
	return b.modified - a.modified || (b.path > a.path ? 1 : b.path < a.path ? -1 : 0);
}

async function readIndex(path: string): Promise<SessionIndex | undefined> {
	try {
		const value = JSON.parse(await readFile(path, "utf8")) as Partial<SessionIndex> | null;
		if (value?.version !== SESSION_INDEX_VERSION || typeof value.files !== "object" || value.files === null) {
			return undefined;
		}
		return value as SessionIndex;
	} catch {
		// Missing or corrupt: rebuilt from the files.
		return undefined;
	}
}

async function writeIndex(path: string, index: SessionIndex): Promise<void> {
	const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
	try {
		await writeFile(temp, JSON.stringify(index));
		await rename(temp, path);
	} catch (error) {
		await unlink(temp).catch(() => {});
		// The index is a cache: a folder we cannot write to still lists.
		if (
			(error as NodeJS.ErrnoException).code !== "EACCES" &&
			(error as NodeJS.ErrnoException).code !== "EROFS"
		) {
			throw error;
		}
	}
}

async function statOrUndefined(path: string) {
	try {
		const stats = await stat(path);
		return stats.isFile() ? stats : undefined;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}

async function forEachLimited<T>(
	items: readonly T[],
	limit: number,
	run: (item: T) => Promise<void>,
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < items.length) await run(items[next++] as T);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

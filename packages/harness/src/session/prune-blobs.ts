import { readdir, readFile, rmdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { BLOB_HASH, BLOB_REFERENCE } from "./blob-content.js";
import { DEFAULT_LOCK_STALE_MS, isStale, type LockHolder, readLockState } from "./session-lock.js";

/** Options of {@link pruneBlobs}. */
export interface PruneBlobsOptions {
	/**
	 * Blobs written or reused more recently than this are kept even when nothing refers to
	 * them yet (a writer puts a blob just before the entry that refers to it). Default one hour.
	 */
	minAgeMs?: number;
	/** Report what would be removed, and remove nothing. */
	dryRun?: boolean;
	/** A writer lock older than this is not a live writer. Default 30,000 ms, like the lock's. */
	staleMs?: number;
	/** The time blob ages are measured at, in milliseconds (tests). Locks are judged at the real time. */
	now?: number;
}

/** What {@link pruneBlobs} did. */
export interface PruneBlobsResult {
	/** The SHA-256 of each blob removed (or that would be, with `dryRun`). */
	removed: string[];
	/** Their size in bytes. */
	bytes: number;
	/** Blobs kept: referred to, or younger than `minAgeMs`. */
	kept: number;
	/** Set when nothing was removed because a live process is writing a session of the folder. */
	skipped?: { session: string; holder: LockHolder | undefined };
}

export const DEFAULT_PRUNE_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the blobs of `<dir>/blobs` that no file of `dir` refers to: images of deleted
 * sessions, or of appends that failed after their blob was written. Every file in `dir`
 * is searched for `sha256:<hex>` references (sessions, their `.bak` copies, anything), so
 * a blob is only removed when no file mentions it. Nothing is removed while a live process
 * holds a session's writer lock, or for a blob younger than `minAgeMs`; leftover `.tmp`
 * files of interrupted writes older than that go too.
 */
export async function pruneBlobs(dir: string, options: PruneBlobsOptions = {}): Promise<PruneBlobsResult> {
	const now = options.now ?? Date.now();
	const minAgeMs = options.minAgeMs ?? DEFAULT_PRUNE_MIN_AGE_MS;
	const result: PruneBlobsResult = { removed: [], bytes: 0, kept: 0 };
	const blobDirs = await entriesOf(join(dir, "blobs"));
	if (blobDirs.length === 0) return result;

	const names = await entriesOf(dir);
	for (const name of names.filter((entry) => entry.endsWith(".lock"))) {
		const state = await readLockState(join(dir, name));
		if (state && !isStale(state, options.staleMs ?? DEFAULT_LOCK_STALE_MS)) {
			return {
				...result,
				skipped: { session: join(dir, name.slice(0, -".lock".length)), holder: state.holder },
			};
		}
	}
	const referenced = new Set<string>();
	for (const name of names) {
		const text = await readTextIfFile(join(dir, name));
		for (const match of text?.matchAll(BLOB_REFERENCE) ?? []) referenced.add(match[1] as string);
	}

	for (const prefix of blobDirs) {
		const folder = join(dir, "blobs", prefix);
		for (const name of await entriesOf(folder)) {
			const path = join(folder, name);
			const isBlob = BLOB_HASH.test(name);
			if (!isBlob && !name.endsWith(".tmp")) continue;
			const info = await stat(path).catch(() => undefined);
			if (!info?.isFile()) continue;
			if ((isBlob && referenced.has(name)) || now - info.mtimeMs < minAgeMs) {
				if (isBlob) result.kept += 1;
				continue;
			}
			if (!options.dryRun) await unlink(path).catch(ignoreMissing);
			if (isBlob) {
				result.removed.push(name);
				result.bytes += info.size;
			}
		}
		// Only an empty folder goes; ENOTEMPTY means something is left, which is fine.
		if (!options.dryRun) await rmdir(folder).catch(() => {});
	}
	return result;
}

async function entriesOf(dir: string): Promise<string[]> {
	try {
		return await readdir(dir);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
		throw error;
	}
}

/** The file as text (latin1: references are ASCII, and it never fails on bytes); `undefined` for a folder. */
async function readTextIfFile(path: string): Promise<string | undefined> {
	try {
		if (!(await stat(path)).isFile()) return undefined;
		return (await readFile(path)).toString("latin1");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
	if (error.code !== "ENOENT") throw error;
}

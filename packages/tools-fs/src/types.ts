/**
 * The contract of `@kestrel/tools-fs`: the file-system interface every tool goes through,
 * the options the tools share, and the structured `details` each tool returns for user
 * interfaces.
 *
 * This module declares types only. Its doc comments are the reference documentation of
 * the package; the implementation files stay lean and explain only why they do things.
 *
 * Vocabulary:
 * - The **root** is the workspace folder the tools are created for. Relative paths are
 *   resolved against it, and by default nothing outside it can be reached.
 * - A **display path** is how a path is shown to the model: relative to the root with
 *   forward slashes when it lies inside, absolute otherwise.
 */

import type { FileStateTracker } from "./file-state/file-state-tracker.js";
import type { MutationQueue } from "./mutation-queue/mutation-queue.js";

// ---------------------------------------------------------------------------------------
// Operations: all file access goes through this interface
// ---------------------------------------------------------------------------------------

/** What a path is. `symlink` only comes from `lstat` and `readdir`, which do not follow links. */
export type FileKind = "file" | "directory" | "symlink" | "other";

export interface FileStat {
	kind: FileKind;
	/** Bytes. */
	size: number;
	/** Last modification, in ms since the epoch (fractions allowed). */
	mtimeMs: number;
	/** Permission bits (`0o644`); only the low 12 bits are used. */
	mode: number;
	/**
	 * Owner and group ids, where they mean something to this process (the local disk).
	 * With them, `write` and `edit` tell whether this user may write the file; without
	 * them, only whether anyone may. Leave them out for a file system on another machine.
	 */
	uid?: number;
	gid?: number;
}

export interface DirectoryEntry {
	name: string;
	/** The kind of the entry itself: a symbolic link is `symlink`, whatever it points to. */
	kind: FileKind;
}

/**
 * For a file system that other processes change while the tools work: the tools check a
 * path, then use it, and in between a folder on the way can be swapped for a symbolic
 * link that leads out of the workspace. `confine` lets an implementation check what a
 * call really reached.
 */
export interface ConfineOptions {
	/**
	 * Called with the real path of what the call reached — for a file or folder it opens,
	 * that of the opened file; for a name it creates, renames, changes or removes, the real
	 * path of the folder that holds the name, joined with the name — before it reads or
	 * changes anything there. It throws to refuse, and the call then rejects with that
	 * error. An implementation that cannot tell what it opened (no `/proc` on the local
	 * disk, say) checks the path as close to the call as it can.
	 */
	confine?: (realPath: string) => void;
}

export interface ReadStreamOptions extends ConfineOptions {
	/** Byte offset to start at. Default 0. */
	start?: number;
	/** A hint for the size of the chunks to yield. */
	chunkSize?: number;
	signal?: AbortSignal;
}

export interface WriteFileOptions extends ConfineOptions {
	/** Permission bits for a file the call creates. */
	mode?: number;
}

/**
 * Everything the tools do to a file system. `createLocalFileOperations()` is the local
 * disk (the default); `MemoryFileOperations` from `@kestrel/tools-fs/testing` keeps a
 * tree in memory; an app can implement it over SSH, a container or a virtual workspace.
 *
 * Paths are absolute and already resolved and confined by the tools: an implementation
 * does not check them again, except through `confine` where the tools pass it (a check
 * of what the call really reached, for file systems that others change at the same
 * time; an in-memory or single-user one may ignore it). Failures reject with an `Error`
 * whose `code` follows Node's
 * names where one applies: `ENOENT` (missing), `ENOTDIR`, `EISDIR`, `EEXIST`, `EACCES`.
 * The tools read `ENOENT` to tell "missing" apart from other failures.
 *
 * Atomic replacement, parent creation, mode keeping and line-ending care live in the
 * tools, on top of these primitives, so every implementation gets them.
 */
export interface FileOperations {
	/** Follows symbolic links. */
	stat(path: string): Promise<FileStat>;
	/** Does not follow a final symbolic link. */
	lstat(path: string): Promise<FileStat>;
	/** The canonical path with every symbolic link resolved; rejects with `ENOENT` if it does not exist. */
	realpath(path: string): Promise<string>;
	/** The entries of a folder, in any order, without `.` and `..`. */
	readdir(path: string, options?: ConfineOptions): Promise<DirectoryEntry[]>;
	/** The whole file. The tools use it only for files whose size they checked. */
	readFile(path: string, signal?: AbortSignal, options?: ConfineOptions): Promise<Uint8Array>;
	/**
	 * The file in chunks from `start` to its end. The consumer may stop early (`break`),
	 * which must release the file: reading ten lines of a 200 MB file reads a chunk or two.
	 */
	readStream(path: string, options?: ReadStreamOptions): AsyncIterable<Uint8Array>;
	/** Creates or truncates the file and writes `data`. Need not be atomic. */
	writeFile(path: string, data: Uint8Array, options?: WriteFileOptions): Promise<void>;
	/** Renames atomically, replacing `to` if it exists (same folder or file system). */
	rename(from: string, to: string, options?: ConfineOptions): Promise<void>;
	/** Deletes a file (not a folder). */
	remove(path: string, options?: ConfineOptions): Promise<void>;
	/** Creates the folder and its missing parents; succeeds if it exists. */
	mkdir(path: string, options?: ConfineOptions): Promise<void>;
	/** Sets permission bits. */
	chmod(path: string, mode: number, options?: ConfineOptions): Promise<void>;
}

// ---------------------------------------------------------------------------------------
// Shared options
// ---------------------------------------------------------------------------------------

/** Whether a path is resolved for reading or for changing it. */
export type PathAccess = "read" | "write";

/**
 * Which paths outside the root a tool may reach.
 * - `false` (default): none. `..`, absolute paths and symbolic links that lead outside
 *   are refused with a message that says so.
 * - `"read"`: the read-only tools (read, ls, find, grep) may; write and edit may not.
 * - `true`: every tool may.
 * - a function decides per resolved (real) path.
 */
export type OutsideRootPolicy = boolean | "read" | ((path: string, access: PathAccess) => boolean);

/**
 * Options every tool accepts. Tools created together by `createFsTools` share one
 * `fileState` and one `mutationQueue`; pass the same instances to tools you create one by
 * one if they work on the same files.
 */
export interface FsToolOptions {
	/** Default: the local disk. */
	operations?: FileOperations;
	/** Default `false`. */
	allowOutsideRoot?: OutsideRootPolicy;
	/**
	 * What this agent last read or wrote of each file, for write's stale-file check.
	 * Default: a tracker of the tool's own.
	 */
	fileState?: FileStateTracker;
	/** Serialises changes of one file. Default: a queue of the tool's own. */
	mutationQueue?: MutationQueue;
	/** Expands a leading `~/`. Default: the user's home folder. */
	homeDirectory?: string;
}

// ---------------------------------------------------------------------------------------
// read
// ---------------------------------------------------------------------------------------

export interface ReadToolOptions extends FsToolOptions {
	/** Lines shown per call when the model gives no `limit`. Default 2000. */
	maxLines?: number;
	/** Bytes of text per call. Default 50 KB. */
	maxBytes?: number;
	/** Longer lines are clipped, with a note. Default 2000 characters. */
	maxLineLength?: number;
	/** Larger images are described instead of attached. Default 3.75 MB (5 MB once base64-encoded). */
	maxImageBytes?: number;
	/** Prefix each line with its number (`   12\t`). Default `false`. */
	lineNumbers?: boolean;
}

export interface ReadToolDetails {
	path: string;
	kind: "text" | "image" | "binary" | "empty";
	/** Text: the first and last line shown (1-based); absent when nothing is shown. */
	startLine?: number;
	endLine?: number;
	/** Text: the total number of lines, when the read reached the end of the file. */
	totalLines?: number;
	/** Text: the `offset` that continues the read, when more lines follow. */
	nextOffset?: number;
	/** Text: why the output stopped before the end of the file. */
	truncatedBy?: "limit" | "lines" | "bytes";
	/** Text: numbers of the lines that were clipped. */
	clippedLines?: number[];
	/** File size in bytes. */
	size: number;
	/** Image or binary: the detected type, e.g. `image/png`, `application/pdf`. */
	mimeType?: string;
	/** Image: pixel size, when the header tells. */
	width?: number;
	height?: number;
	/** Image: attached to the result or only described (too large). */
	attached?: boolean;
}

// ---------------------------------------------------------------------------------------
// write
// ---------------------------------------------------------------------------------------

export interface WriteToolOptions extends FsToolOptions {
	/**
	 * Refuse to overwrite an existing file this agent has not read (or written) yet.
	 * Default `true`. A file changed on disk since the last read is refused either way.
	 */
	requireReadBeforeOverwrite?: boolean;
	/**
	 * When overwriting a file that uses CRLF line endings or a BOM, write the new content
	 * with them too (content with LF only is converted). Default `true`.
	 */
	keepLineEndings?: boolean;
}

export interface WriteToolDetails {
	path: string;
	/** True if the file did not exist. */
	created: boolean;
	bytes: number;
	lines: number;
	/** A unified diff against the previous content (overwrites of files up to 1 MB). */
	diff?: string;
	/** What the tool kept of the previous file: `crlf`, `bom`. */
	kept?: ("crlf" | "bom")[];
}

// ---------------------------------------------------------------------------------------
// edit
// ---------------------------------------------------------------------------------------

export interface EditToolOptions extends FsToolOptions {
	/**
	 * Allow the normalised and indentation-insensitive matches when the exact text is not
	 * found. Default `true`.
	 */
	fuzzy?: boolean;
}

/**
 * How an edit's `oldText` was found:
 * - `exact`: byte for byte.
 * - `normalised`: after folding line endings, Unicode normal forms, quote and dash
 *   look-alikes, special spaces, zero-width characters and trailing whitespace.
 * - `indentation`: as `normalised`, and the leading whitespace differed in a consistent
 *   way (tabs for spaces, another indent width, the whole block shifted).
 */
export type MatchKind = "exact" | "normalised" | "indentation";

export interface EditMatchDetails {
	/** 0-based index of the edit in the call. */
	index: number;
	kind: MatchKind;
	/** How many regions the edit replaced (more than one only with `replaceAll`). */
	occurrences: number;
	/** 1-based lines of the first replaced region in the original file. */
	startLine: number;
	endLine: number;
	/** For non-exact matches: what differed, e.g. `line endings`, `quotes`, `indentation`. */
	differences?: string[];
}

export interface EditToolDetails {
	path: string;
	/** A unified diff of the change (absent when the call failed). */
	diff?: string;
	/** 1-based line of the first change in the new file. */
	firstChangedLine?: number;
	edits: EditMatchDetails[];
	/** On failure: the edit that failed and the closest region found for it. */
	failure?: EditFailure;
}

export interface EditFailure {
	/** 0-based index of the failing edit. */
	index: number;
	reason: "not_found" | "ambiguous" | "overlap" | "no_change" | "invalid";
	/** `ambiguous`: the 1-based first lines of the regions that matched. */
	matchLines?: number[];
	/** `not_found`: the most similar region of the file. */
	closest?: ClosestRegion;
}

/** The region of a file most similar to a text that was not found. */
export interface ClosestRegion {
	/** 1-based, inclusive. */
	startLine: number;
	endLine: number;
	/** 0..1: the share of matching content. */
	similarity: number;
	/** The region's lines as they are in the file. */
	lines: string[];
	/** Per differing line: what the file has and what was looked for. */
	differences: LineDifference[];
}

export interface LineDifference {
	/** 1-based line in the file. */
	line: number;
	/** The file's line (empty when the looked-for text has an extra line). */
	actual: string;
	/** The looked-for line (empty when the file has an extra line). */
	expected: string;
	/** A short description for people and models: `indentation`, `trailing whitespace`, `content`, … */
	kind: string;
}

// ---------------------------------------------------------------------------------------
// ls, find, grep
// ---------------------------------------------------------------------------------------

export interface ListToolOptions extends FsToolOptions {
	/** Entries shown when the model gives no `limit`. Default 500. */
	defaultLimit?: number;
	maxBytes?: number;
}

export interface ListToolDetails {
	path: string;
	/** Entries shown; folders end with `/`. */
	entries: string[];
	/** Entries in the folder (shown or not, without ignored ones). */
	total: number;
	limitReached: boolean;
	/** Entries left out because a `.gitignore` matches them (`.git` not counted). */
	ignored: string[];
}

export interface FindToolOptions extends FsToolOptions {
	/** Results when the model gives no `limit`. Default 1000. */
	defaultLimit?: number;
	maxBytes?: number;
}

export interface FindToolDetails {
	path: string;
	/** Paths relative to the searched folder; folders end with `/`. */
	matches: string[];
	limitReached: boolean;
	/** True if the output was cut by the byte bound. */
	truncated: boolean;
}

export interface GrepToolOptions extends FsToolOptions {
	/** Matches when the model gives no `limit`. Default 100. */
	defaultLimit?: number;
	maxBytes?: number;
	/** Longer lines are clipped around the match. Default 500 characters. */
	maxLineLength?: number;
	/** Files read at once. Default 16. */
	concurrency?: number;
	/**
	 * A search still running after this many milliseconds stops and returns the matches
	 * found so far, with a note (an error when there are none). Default 60 000;
	 * `Infinity` for none. Matching runs in a worker thread, so a pattern that backtracks
	 * for hours never blocks the event loop: the limit or an abort ends it at once.
	 */
	timeoutMs?: number;
}

export interface GrepMatch {
	/** Relative to the searched folder (the file name when a file was searched). */
	path: string;
	/** 1-based. */
	line: number;
	text: string;
}

export interface GrepToolDetails {
	/** What was searched. */
	path: string;
	matches: GrepMatch[];
	/** Files that had at least one match (among those shown). */
	files: number;
	limitReached: boolean;
	/** True if the output was cut by the byte bound. */
	truncated: boolean;
	/** True if some lines were clipped. */
	linesClipped: boolean;
	/** Files skipped because they look binary. */
	binaryFilesSkipped: number;
	/** True if the search stopped at its time limit (`timeoutMs`): there may be more matches. */
	timedOut?: boolean;
}

import * as fs from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import { promisify } from "node:util";
import { SNIFF_BYTES } from "../../content/detect.js";
import type { FileOperations } from "../../types.js";
import type { LinePattern } from "../compile-pattern.js";
import { binaryFiles } from "./binary-files.js";
import { compareWalkOrder, type FileRecords } from "./file-records.js";
import { inheritedIgnoreRules } from "./inherited-ignores.js";
import { bundledRipgrep, executable } from "./locate-ripgrep.js";
import { type RipgrepSearch, runRipgrep, selectionArguments } from "./run-ripgrep.js";
import { translatePattern } from "./translate-pattern.js";

const open = promisify(fs.open);
const close = promisify(fs.close);
const readlink = promisify(fs.readlink);

/** What ripgrep found in a file, in the walk order of the JavaScript engine. */
export type RipgrepEntry =
	| { kind: "records"; file: FileRecords }
	| { kind: "binary"; relative: string }
	/** ripgrep stopped at a NUL byte the JavaScript engine does not look at: it searches the file. */
	| { kind: "javascript"; relative: string };

export interface RipgrepResult {
	entries: RipgrepEntry[];
	/** True if files with matches beyond the first `limit` matches were left out. */
	more: boolean;
}

/**
 * Output of the parallel search past which it gives way to the one in walk order, besides
 * a kilobyte a match of the limit.
 */
const PARALLEL_OUTPUT_BYTES = 1024 * 1024;

export interface RipgrepFolderSearch {
	/** The `rg` binary; `undefined`: the one of `@vscode/ripgrep`. */
	rgPath: string | undefined;
	operations: FileOperations;
	/** The workspace root and the searched folder, real paths. */
	rootReal: string;
	folder: string;
	confine: ((realPath: string) => void) | undefined;
	pattern: string;
	compiled: LinePattern;
	literal: boolean;
	glob: string | undefined;
	context: number;
	limit: number;
	maxLineLength: number;
	signal: AbortSignal;
}

function pathOf(entry: RipgrepEntry): string {
	return entry.kind === "records" ? entry.file.relative : entry.relative;
}

/**
 * A glob that ripgrep reads as picomatch does (for `compileGlob`), or `undefined`:
 * negations, extglobs, escapes and anchored or folder-only forms are left to the
 * JavaScript engine.
 */
function ripgrepGlob(glob: string): string | undefined {
	const cleaned = glob.replace(/^\.\//, "");
	if (cleaned === "" || /[()!\\]/.test(cleaned) || cleaned.startsWith("/") || cleaned.endsWith("/"))
		return undefined;
	return cleaned;
}

/** Why ripgrep cannot search this call (the JavaScript engine does), or the Rust pattern. */
function ripgrepPattern(search: RipgrepFolderSearch): { pattern: string; fixed: boolean } | undefined {
	const { line } = search.compiled;
	if (search.literal)
		return search.pattern.includes("\n") ? undefined : { pattern: search.pattern, fixed: true };
	// Patterns JavaScript only takes outside Unicode mode read code units, not characters.
	if (!line.flags.includes("u")) return undefined;
	const pattern = translatePattern(line.source);
	return pattern === undefined ? undefined : { pattern, fixed: false };
}

/**
 * On Linux, a descriptor of the folder, checked by `confine`, whose `/proc` path ripgrep
 * runs in: a folder swapped for a link out of the workspace after the check is not
 * where it searches. `undefined` where that cannot be had (the JavaScript engine then
 * reports what is wrong).
 */
async function openFolder(
	folder: string,
	confine: RipgrepFolderSearch["confine"],
): Promise<{ cwd: string; release(): Promise<void> } | undefined> {
	if (process.platform !== "linux") {
		if (confine) confine(folder);
		return { cwd: folder, release: async () => undefined };
	}
	let descriptor: number;
	try {
		descriptor = await open(
			folder,
			fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW,
		);
	} catch {
		return undefined;
	}
	const release = () => close(descriptor).catch(() => undefined);
	try {
		const cwd = `/proc/${process.pid}/fd/${descriptor}`;
		confine?.(await readlink(cwd));
		return { cwd, release };
	} catch {
		await release();
		return undefined;
	}
}

/**
 * Searches a folder with ripgrep, or returns `undefined` when the JavaScript engine must
 * (no binary, a pattern or glob the engines could read differently, inherited ignore
 * rules that cannot be handed over, ripgrep refusing its arguments).
 */
export async function searchWithRipgrep(search: RipgrepFolderSearch): Promise<RipgrepResult | undefined> {
	const pattern = ripgrepPattern(search);
	if (pattern === undefined) return undefined;
	const glob = search.glob === undefined ? undefined : ripgrepGlob(search.glob);
	if (search.glob !== undefined && glob === undefined) return undefined;
	const rgPath = search.rgPath === undefined ? await bundledRipgrep() : await executable(search.rgPath);
	if (rgPath === undefined) return undefined;
	const inherited = await inheritedIgnoreRules(search.operations, search.rootReal, search.folder);
	if (inherited === undefined) return undefined;
	const folder = await openFolder(search.folder, search.confine);
	if (folder === undefined) return undefined;
	const scratch = await mkdtemp(nodePath.join(tmpdir(), "kestrel-grep-"));
	try {
		let ignoreFile: string | undefined;
		if (inherited !== "") {
			ignoreFile = nodePath.join(scratch, "inherited.gitignore");
			await writeFile(ignoreFile, `${inherited}\n`);
		}
		const run: RipgrepSearch = {
			rgPath,
			cwd: folder.cwd,
			pattern: pattern.pattern,
			fixed: pattern.fixed,
			ignoreCase: search.compiled.line.flags.includes("i"),
			...(glob !== undefined && { glob }),
			context: search.context,
			limit: search.limit,
			maxLineLength: search.maxLineLength,
			...(ignoreFile !== undefined && { ignoreFile }),
			signal: search.signal,
		};
		let outcome = await runRipgrep(run, {
			kind: "parallel",
			outputFile: nodePath.join(scratch, "output"),
			maxOutputBytes: PARALLEL_OUTPUT_BYTES + search.limit * 1024,
		});
		// Matches nearly everywhere: the first files in walk order hold the limit's worth.
		if (!outcome.ok && outcome.tooLarge) outcome = await runRipgrep(run, { kind: "sorted" });
		if (!outcome.ok) return undefined;
		// The files with matches come in walk order; binary files are few, and sorted in.
		// A file named as binary after some of its lines were printed is left to the note.
		const files =
			outcome.binary.size === 0
				? outcome.files
				: outcome.files.filter((file) => !outcome.binary.has(file.relative));
		const entries: RipgrepEntry[] = files.map((file) => ({ kind: "records", file }));
		if (files.length === 0 && outcome.binary.size === 0) {
			// Nothing matched: the answer names the binary files not searched.
			const binary = await binaryFiles({
				rgPath,
				cwd: folder.cwd,
				folder: search.folder,
				selection: selectionArguments({
					...(glob !== undefined && { glob }),
					...(ignoreFile !== undefined && { ignoreFile }),
				}),
				operations: search.operations,
				confine: search.confine,
				signal: search.signal,
			});
			if (binary === undefined) return undefined;
			for (const relative of binary) entries.push({ kind: "binary", relative });
		}
		for (const [relative, offset] of outcome.binary) {
			// A NUL byte within the sniffed head makes a binary file to both engines; a later
			// one stopped ripgrep at the file's first match after it, where the JavaScript engine goes on.
			entries.push(offset < SNIFF_BYTES ? { kind: "binary", relative } : { kind: "javascript", relative });
		}
		if (entries.length > files.length) entries.sort((a, b) => compareWalkOrder(pathOf(a), pathOf(b)));
		return { entries, more: outcome.more };
	} finally {
		await folder.release();
		await rm(scratch, { recursive: true, force: true });
	}
}

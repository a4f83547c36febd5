import { type ChildProcess, spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import type { FileRecords } from "./file-records.js";
import { RipgrepOutputParser } from "./ripgrep-output.js";

/** One ripgrep search of a folder, as grep's arguments and bounds ask for it. */
export interface RipgrepSearch {
	rgPath: string;
	/** The folder searched: ripgrep runs in it and searches `.`. */
	cwd: string;
	/** A Rust regex, or plain text with `fixed`. */
	pattern: string;
	fixed: boolean;
	ignoreCase: boolean;
	glob?: string;
	context: number;
	/** Matching lines wanted in all (the files' first in walk order). */
	limit: number;
	maxLineLength: number;
	/** A gitignore-format file of inherited rules, relative to `cwd`. */
	ignoreFile?: string;
	signal: AbortSignal;
}

export type RipgrepOutcome =
	| {
			ok: true;
			/** Files with matches, in walk order. */
			files: FileRecords[];
			/** Files with matches and a NUL byte, by relative path, with the NUL's offset. */
			binary: Map<string, number>;
			/** True if files with matches beyond the first `limit` matches were left out. */
			more: boolean;
	  }
	/** ripgrep could not search (an argument it rejects): the JavaScript engine should. */
	| { ok: false; message: string; tooLarge?: boolean };

/**
 * Flags that make ripgrep pick the files the JavaScript engine's walk picks: hidden files
 * included, `.git` skipped, only `.gitignore` files (in or out of a git repository, not
 * above the searched folder: inherited ones come in through `ignoreFile`), no global or
 * `.ignore` rules, no config file, no transcoding (a UTF-16 file is binary to both).
 */
export function selectionArguments(search: Pick<RipgrepSearch, "ignoreFile" | "glob">): string[] {
	const args = [
		"--no-config",
		"--hidden",
		"--no-ignore-dot",
		"--no-ignore-global",
		"--no-ignore-exclude",
		"--no-ignore-parent",
		"--no-require-git",
		"--encoding",
		"none",
		"--glob",
		"!.git",
	];
	if (process.platform === "darwin" || process.platform === "win32")
		args.push("--ignore-file-case-insensitive");
	if (search.ignoreFile !== undefined) args.push("--ignore-file", search.ignoreFile);
	if (search.glob !== undefined) args.push("--glob", search.glob);
	return args;
}

/** The search: one line per match or context line, the pattern, context and the limit. */
export function ripgrepArguments(search: Omit<RipgrepSearch, "rgPath" | "cwd" | "signal">): string[] {
	const args = [
		...selectionArguments(search),
		// `path NUL line:column:text` for a match, `path NUL line-text` for context.
		"--no-heading",
		"--null",
		"--line-number",
		"--column",
		"--no-context-separator",
		"--color",
		"never",
		// `$` before `\r\n` too: the JavaScript engine reads `\r\n` as a line break.
		"--crlf",
		// A file with a NUL byte is searched on to its first match and then named with the
		// NUL's offset: what tells a binary file from a NUL late in a text file.
		"--binary",
	];
	if (search.context > 0) args.push("--context", String(search.context));
	if (search.ignoreCase) args.push("--ignore-case");
	if (search.fixed) args.push("--fixed-strings");
	// One more than the limit tells whether a file had more.
	if (search.limit < 2 ** 31) args.push("--max-count", String(search.limit + 1));
	args.push("--regexp", search.pattern, ".");
	return args;
}

/** How ripgrep runs: see `runRipgrep`. */
export type RipgrepMode =
	| { kind: "parallel"; outputFile: string; maxOutputBytes: number }
	| { kind: "sorted" };

/**
 * Runs ripgrep and rebuilds grep's records from its output. An abort kills it.
 *
 * - `parallel`: on all cores, files in any order, the output going to `outputFile` (a
 *   pipe would wake this process for each file's few lines, which costs more than the
 *   search) and parsed once ripgrep is done. Stopped, with `{ ok: false, tooLarge: true }`,
 *   once the output passes `maxOutputBytes`: a pattern that matches nearly every file.
 * - `sorted`: one thread in walk order (`--sort path`), parsed as it streams in, and
 *   stopped as soon as the first `limit` matches are in and another file has begun.
 */
export async function runRipgrep(search: RipgrepSearch, mode: RipgrepMode): Promise<RipgrepOutcome> {
	search.signal.throwIfAborted();
	const parser = new RipgrepOutputParser(search.limit, search.context, search.maxLineLength);
	const args = ripgrepArguments(search);
	if (mode.kind === "sorted") args.unshift("--sort", "path");
	const output = mode.kind === "parallel" ? await open(mode.outputFile, "w") : undefined;
	let child: ChildProcess;
	let exited: Promise<number | null | Error>;
	try {
		child = spawn(search.rgPath, args, {
			cwd: search.cwd,
			stdio: ["ignore", output?.fd ?? "pipe", "pipe"],
			windowsHide: true,
		});
		// Listened to at once: a quick search can end before the descriptor below is closed.
		exited = new Promise((resolve) => {
			child.on("error", resolve);
			child.on("close", resolve);
		});
	} finally {
		await output?.close();
	}
	const errors: string[] = [];
	let stopped: "limit" | "size" | undefined;
	let failure: unknown;
	const kill = () => child.kill("SIGKILL");
	search.signal.addEventListener("abort", kill, { once: true });
	if (search.signal.aborted) kill();
	child.stdout?.on("data", (chunk: Buffer) => {
		if (failure !== undefined || stopped !== undefined) return;
		try {
			parser.push(chunk);
		} catch (error) {
			failure = error;
			kill();
		}
		if (parser.full) {
			stopped = "limit";
			kill();
		}
	});
	child.stderr?.setEncoding("utf8");
	child.stderr?.on("data", (text: string) => {
		if (errors.length < 20) errors.push(text);
	});
	const watchdog =
		mode.kind === "parallel"
			? setInterval(() => {
					void stat(mode.outputFile).then(
						(info) => {
							if (info.size <= mode.maxOutputBytes || stopped !== undefined) return;
							stopped = "size";
							kill();
						},
						() => undefined,
					);
				}, 25)
			: undefined;
	const code = await exited;
	clearInterval(watchdog);
	search.signal.removeEventListener("abort", kill);
	if (search.signal.aborted) throw search.signal.reason;
	if (failure !== undefined) throw failure;
	if (code instanceof Error) return { ok: false, message: `ripgrep did not start: ${code.message}` };
	if (stopped === "size") return { ok: false, message: "ripgrep's output grew too large", tooLarge: true };
	if (mode.kind === "parallel") {
		for await (const chunk of createReadStream(mode.outputFile, { highWaterMark: 1024 * 1024 })) {
			search.signal.throwIfAborted();
			parser.push(chunk as Buffer);
		}
	}
	// 2 after some output: files that could not be read, which grep skips quietly.
	// 2 with none: an argument ripgrep refused (a pattern it reads otherwise).
	if (stopped === undefined && code !== 0 && code !== 1 && !(code === 2 && parser.printed))
		return { ok: false, message: errors.join("").trim() || `ripgrep exited with code ${code}` };
	parser.end();
	return {
		ok: true,
		files: parser.files,
		binary: parser.binary,
		more: parser.dropped || stopped === "limit",
	};
}

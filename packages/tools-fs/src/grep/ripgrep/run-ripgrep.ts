import { spawn } from "node:child_process";
import { compareWalkOrder, FileRecordBuilder, type FileRecords, type RipgrepLine } from "./file-records.js";

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
			/** Files ripgrep took for binary (a NUL byte), by relative path, with the offset it found it at. */
			binary: Map<string, number>;
	  }
	/** ripgrep could not search (an argument it rejects): the JavaScript engine should. */
	| { ok: false; message: string };

/** The part of ripgrep's `--debug` log that names a file it skipped as binary. */
const BINARY_NOTE = ": found binary data at offset ";

/**
 * Flags that make ripgrep pick the files the JavaScript engine's walk picks: hidden files
 * included, `.git` skipped, only `.gitignore` files (in or out of a git repository, not
 * above the searched folder: inherited ones come in through `ignoreFile`), no global or
 * `.ignore` rules, no config file, no transcoding (a UTF-16 file is binary to both).
 */
export function ripgrepArguments(search: Omit<RipgrepSearch, "rgPath" | "cwd" | "signal">): string[] {
	const args = [
		"--json",
		"--no-config",
		"--hidden",
		"--no-ignore-dot",
		"--no-ignore-global",
		"--no-ignore-exclude",
		"--no-ignore-parent",
		"--no-require-git",
		"--encoding",
		"none",
		// `$` before `\r\n` too: the JavaScript engine reads `\r\n` as a line break.
		"--crlf",
		"--glob",
		"!.git",
		// The files ripgrep skips as binary are only named in its debug log.
		"--debug",
	];
	if (process.platform === "darwin" || process.platform === "win32")
		args.push("--ignore-file-case-insensitive");
	if (search.ignoreFile !== undefined) args.push("--ignore-file", search.ignoreFile);
	if (search.glob !== undefined) args.push("--glob", search.glob);
	if (search.context > 0) args.push("--context", String(search.context));
	if (search.ignoreCase) args.push("--ignore-case");
	if (search.fixed) args.push("--fixed-strings");
	// One more than the limit tells whether a file had more.
	if (search.limit < 2 ** 31) args.push("--max-count", String(search.limit + 1));
	args.push("--regexp", search.pattern, ".");
	return args;
}

interface JsonText {
	text?: string;
	bytes?: string;
}

interface LineEvent {
	path: JsonText;
	lines: JsonText;
	line_number: number;
	submatches: { start: number }[];
}

const decoder = new TextDecoder();

function decodeText(value: JsonText): string {
	return value.text ?? decoder.decode(Buffer.from(value.bytes ?? "", "base64"));
}

/** A ripgrep path (`./a/b`) relative to the searched folder, with `/`. */
function relativePath(value: JsonText): string {
	let path = decodeText(value);
	if (process.platform === "win32") path = path.replaceAll("\\", "/");
	return path.startsWith("./") ? path.slice(2) : path;
}

/** The line of an event as the JavaScript engine reads it: no line break, no BOM, `\r\n` as `\n`. */
function lineOf(event: LineEvent): RipgrepLine {
	const raw = event.lines;
	const bytes = raw.text === undefined ? Buffer.from(raw.bytes ?? "", "base64") : undefined;
	let text = bytes === undefined ? raw.text! : decoder.decode(bytes);
	if (text.endsWith("\n")) text = text.slice(0, text.endsWith("\r\n") ? -2 : -1);
	const start = event.submatches[0]?.start ?? 0;
	let focus = start;
	if (start > 0) {
		if (bytes !== undefined) focus = decoder.decode(bytes.subarray(0, start)).length;
		else if (Buffer.byteLength(raw.text!) !== raw.text!.length)
			focus = Buffer.from(raw.text!).subarray(0, start).toString("utf8").length;
	}
	if (event.line_number === 1 && text.startsWith("\uFEFF")) {
		text = text.slice(1);
		focus = Math.max(0, focus - 1);
	}
	return { lineNumber: event.line_number, text, focus };
}

/**
 * Runs ripgrep and rebuilds grep's records from its JSON events as they stream in. Files
 * come in any order (ripgrep searches in parallel); those that cannot be among the first
 * `limit` matches in walk order are dropped as the search goes, so memory stays bounded.
 * An abort kills ripgrep.
 */
export function runRipgrep(search: RipgrepSearch): Promise<RipgrepOutcome> {
	search.signal.throwIfAborted();
	const child = spawn(search.rgPath, ripgrepArguments(search), {
		cwd: search.cwd,
		stdio: ["ignore", "pipe", "pipe"],
		windowsHide: true,
	});
	const files: FileRecords[] = [];
	const builders = new Map<string, FileRecordBuilder>();
	const binary = new Map<string, number>();
	const errors: string[] = [];
	let kept = 0;
	let summary = false;

	/** Keeps the files that hold the first `limit` matches in walk order. */
	const prune = () => {
		files.sort((a, b) => compareWalkOrder(a.relative, b.relative));
		let total = 0;
		let cut = files.length;
		for (let index = 0; index < files.length; index++) {
			total += files[index]!.matches;
			if (total >= search.limit) {
				cut = index + 1;
				break;
			}
		}
		for (const dropped of files.splice(cut)) kept -= dropped.matches;
	};

	const handle = (line: string) => {
		if (line === "") return;
		const event = JSON.parse(line) as { type: string; data: Record<string, unknown> };
		switch (event.type) {
			case "begin": {
				const relative = relativePath(event.data.path as JsonText);
				builders.set(
					relative,
					new FileRecordBuilder(relative, search.limit, search.context, search.maxLineLength),
				);
				return;
			}
			case "match":
			case "context": {
				const data = event.data as unknown as LineEvent;
				const builder = builders.get(relativePath(data.path));
				if (builder === undefined) return;
				if (event.type === "match") builder.match(lineOf(data));
				else builder.contextLine(lineOf(data));
				return;
			}
			case "end": {
				const relative = relativePath(event.data.path as JsonText);
				const builder = builders.get(relative);
				builders.delete(relative);
				const offset = event.data.binary_offset;
				if (typeof offset === "number") binary.set(relative, offset);
				if (builder === undefined || builder.file.matches === 0) return;
				files.push(builder.file);
				kept += builder.file.matches;
				if (kept > 4 * search.limit + 1024) prune();
				return;
			}
			case "summary":
				summary = true;
				return;
		}
	};

	const onStderr = (line: string) => {
		const at = line.lastIndexOf(BINARY_NOTE);
		if (at !== -1 && line.includes("ignoring ")) {
			const path = line.slice(line.indexOf("ignoring ") + "ignoring ".length, at);
			binary.set(relativePath({ text: path }), Number(line.slice(at + BINARY_NOTE.length)));
		} else if (!line.startsWith("rg: DEBUG|") && errors.length < 20) errors.push(line);
	};

	return new Promise<RipgrepOutcome>((resolve, reject) => {
		let failure: unknown;
		const kill = () => {
			failure ??= search.signal.reason;
			child.kill("SIGKILL");
		};
		search.signal.addEventListener("abort", kill, { once: true });
		readLines(child.stdout, (line) => {
			if (failure !== undefined) return;
			try {
				handle(line);
			} catch (error) {
				failure = error;
				child.kill("SIGKILL");
			}
		});
		readLines(child.stderr, onStderr);
		child.on("error", (error) => {
			search.signal.removeEventListener("abort", kill);
			resolve({ ok: false, message: `ripgrep did not start: ${error.message}` });
		});
		child.on("close", (code) => {
			search.signal.removeEventListener("abort", kill);
			if (search.signal.aborted) return reject(search.signal.reason);
			if (failure !== undefined) return reject(failure);
			// Exit 2 with a summary: some files could not be read, which grep skips quietly.
			if (!summary) {
				const why = errors.join("\n") || `ripgrep exited with code ${code}`;
				return resolve({ ok: false, message: why });
			}
			prune();
			resolve({ ok: true, files, binary });
		});
	});
}

/** Calls `onLine` for each line of a UTF-8 stream (a long line gathered in pieces, not re-joined per chunk). */
function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
	let pieces: string[] = [];
	stream.setEncoding("utf8");
	stream.on("data", (chunk: string) => {
		let start = 0;
		for (let end = chunk.indexOf("\n"); end !== -1; end = chunk.indexOf("\n", start)) {
			const piece = chunk.slice(start, end);
			if (pieces.length === 0) onLine(piece);
			else {
				pieces.push(piece);
				onLine(pieces.join(""));
				pieces = [];
			}
			start = end + 1;
		}
		if (start < chunk.length) pieces.push(chunk.slice(start));
	});
	stream.on("end", () => {
		if (pieces.length > 0) onLine(pieces.join(""));
		pieces = [];
	});
}

import { spawn } from "node:child_process";
import * as nodePath from "node:path";

/**
 * ripgrep as a prefilter for grep on the local disk. It runs over the searched folder and
 * names the files that may match; the JavaScript engine then searches only those, so the
 * walk (`.gitignore`, `.git`, confinement), the records, limits, clipping and notes stay
 * exactly the JavaScript engine's. The prefilter must never leave out a file the
 * JavaScript engine would match: it is given a pattern whose matches are a superset of
 * the JavaScript pattern's (see `toRipgrepPattern`), and is told to ignore no more than
 * the walk does.
 */

// JavaScript's \s, exactly (WhiteSpace and LineTerminator): Rust's \s differs (it has U+0085, lacks U+FEFF).
const JS_SPACE =
	"\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const CLASS_ESCAPES: Record<string, string> = {
	d: "0-9",
	w: "0-9A-Za-z_",
	s: JS_SPACE,
};

/**
 * Translates a JavaScript pattern (as grep compiles it) into ripgrep's syntax, or gives
 * undefined when it has something whose meaning differs and is not translated
 * (lookarounds, backreferences, named groups, `\p`, `\c`, `\k`, surrogate escapes, empty
 * classes): grep then searches with the JavaScript engine alone. `\d`, `\w`, `\s` become
 * JavaScript's exact classes and `\b` the ASCII word boundary. A pattern ripgrep still
 * refuses (e.g. a bare `{` that JavaScript takes literally) also falls back.
 */
export function toRipgrepPattern(source: string): string | undefined {
	let out = "";
	let inClass = false;
	for (let index = 0; index < source.length; index++) {
		const char = source[index]!;
		if (char === "\\") {
			const next = source[++index];
			if (next === undefined) return undefined;
			const escaped = translateEscape(source, index, inClass);
			if (escaped === undefined) return undefined;
			out += escaped.text;
			index += escaped.extra;
			continue;
		}
		if (inClass) {
			if (char === "]") inClass = false;
			else if (char === "[" || char === "&" || char === "~") {
				out += `\\${char}`;
				continue;
			} else if (char === "-" && source[index + 1] === "-") return undefined;
			out += char;
			continue;
		}
		if (char === "[") {
			// `[]` matches nothing and `[^]` anything in JavaScript; Rust reads `]` there as a literal.
			const rest = source.slice(index + 1);
			if (rest.startsWith("]") || rest.startsWith("^]")) return undefined;
			inClass = true;
			out += char;
			if (rest.startsWith("^")) {
				out += "^";
				index++;
			}
			continue;
		}
		if (char === "(" && source[index + 1] === "?" && source[index + 2] !== ":") return undefined;
		out += char;
	}
	return inClass ? undefined : out;
}

function translateEscape(
	source: string,
	index: number,
	inClass: boolean,
): { text: string; extra: number } | undefined {
	const char = source[index]!;
	const positive = CLASS_ESCAPES[char];
	if (positive !== undefined) return { text: `[${positive}]`, extra: 0 };
	const negative = CLASS_ESCAPES[char.toLowerCase()];
	if (negative !== undefined) return { text: `[^${negative}]`, extra: 0 };
	if (char === "b") return { text: inClass ? "\\x08" : "(?-u:\\b)", extra: 0 };
	if (char === "B") return inClass ? undefined : { text: "(?-u:\\B)", extra: 0 };
	if ("tnrfv".includes(char)) return { text: char === "v" ? "\\x0B" : `\\${char}`, extra: 0 };
	if (char === "0") return /[0-9]/.test(source[index + 1] ?? "") ? undefined : { text: "\\x00", extra: 0 };
	if (char === "x") {
		const hex = source.slice(index + 1, index + 3);
		return /^[0-9a-fA-F]{2}$/.test(hex) ? { text: `\\x{${hex}}`, extra: 2 } : undefined;
	}
	if (char === "u") {
		const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(source.slice(index + 1));
		const hex = braced ? braced[1]! : source.slice(index + 1, index + 5);
		if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || (!braced && hex.length !== 4)) return undefined;
		const code = Number.parseInt(hex, 16);
		if (code >= 0xd800 && code <= 0xdfff) return undefined;
		return { text: `\\x{${hex}}`, extra: braced ? braced[0].length : 4 };
	}
	// Punctuation escapes mean the character itself in both syntaxes.
	if (/[\\^$.|?*+()[\]{}/-]/.test(char)) return { text: char === "/" ? "/" : `\\${char}`, extra: 0 };
	return undefined;
}

let resolvedPath: Promise<string | undefined> | undefined;

/** The path of the `rg` binary that `@vscode/ripgrep` ships, or undefined if it is not installed here. */
export function ripgrepPath(): Promise<string | undefined> {
	resolvedPath ??= import("@vscode/ripgrep").then(
		(module) => module.rgPath,
		() => undefined,
	);
	return resolvedPath;
}

/** ripgrep could not run, or refused the pattern: grep uses the JavaScript engine instead. */
export class RipgrepUnavailable extends Error {
	constructor(message: string) {
		super(message);
		this.name = "RipgrepUnavailable";
	}
}

/**
 * The files under `folder` (absolute, as `nodePath.join` writes them) in which ripgrep
 * finds `pattern`. Ignores no more than grep's walk does: only `.gitignore` files (nested,
 * in or outside a git repository), not `.ignore`, global or `.git/info/exclude` rules;
 * includes hidden files; reads binary files as text (the walk counts and skips them).
 * Rejects with `RipgrepUnavailable` if rg fails to start or refuses the pattern; on
 * `signal`, kills rg's process group and rejects with the signal's reason. `glob`, if
 * given, is passed to rg as it is (only a file-name suffix such as `*.tsx`, which rg and
 * grep's own glob read alike).
 */
export function ripgrepCandidates(
	binary: string,
	folder: string,
	pattern: string,
	ignoreCase: boolean,
	signal: AbortSignal,
	glob?: string,
): Promise<Set<string>> {
	signal.throwIfAborted();
	const args = [
		"--no-config",
		"--files-with-matches",
		"--null",
		"--no-messages",
		"--hidden",
		"--text",
		"--no-ignore-dot",
		"--no-ignore-global",
		"--no-ignore-exclude",
		"--no-ignore-parent",
		"--no-require-git",
		"--glob",
		"!.git",
		...(glob === undefined ? [] : ["--glob", glob]),
		...(ignoreCase ? ["--ignore-case"] : ["--case-sensitive"]),
		"--regexp",
		pattern,
		"--",
		folder,
	];
	return new Promise((resolve, reject) => {
		const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
		const chunks: Buffer[] = [];
		let errors = "";
		const kill = () => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				child.kill("SIGKILL");
			}
		};
		const onAbort = () => {
			kill();
			reject(signal.reason);
		};
		signal.addEventListener("abort", onAbort, { once: true });
		child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => {
			errors += chunk.toString("utf8");
		});
		child.on("error", (error) => {
			signal.removeEventListener("abort", onAbort);
			reject(new RipgrepUnavailable(`rg did not start: ${error.message}`));
		});
		child.on("close", (code) => {
			signal.removeEventListener("abort", onAbort);
			if (signal.aborted) return;
			// 0: matches, 1: none; 2 with output: some files were unreadable (the walk skips them too).
			if (code === 0 || code === 1 || (code === 2 && errors.trim() === "")) {
				const files = new Set<string>();
				for (const name of Buffer.concat(chunks).toString("utf8").split("\0")) {
					if (name !== "") files.add(nodePath.join(name));
				}
				resolve(files);
			} else reject(new RipgrepUnavailable(`rg failed (exit code ${code}): ${errors.trim()}`));
		});
	});
}

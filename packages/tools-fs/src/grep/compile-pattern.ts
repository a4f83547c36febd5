export interface LinePattern {
	/** Finds candidate matches across a whole text (flags `gm`). */
	scan: RegExp;
	/** Confirms a match within one line (for patterns that can cross a line break). */
	line: RegExp;
}

export type CompiledPattern = { ok: true; pattern: LinePattern } | { ok: false; message: string };

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Builds the regular expressions for a grep pattern. JavaScript syntax, with the
 * `(?i)` prefix that ripgrep users write accepted as `ignoreCase`. Unicode mode when the
 * pattern allows it (so `\p{L}` works), plain mode otherwise (so `\-` does).
 */
export function compilePattern(
	pattern: string,
	options: { literal?: boolean; ignoreCase?: boolean },
): CompiledPattern {
	let source = pattern;
	let ignoreCase = options.ignoreCase ?? false;
	if (options.literal) source = escapeRegExp(pattern);
	else if (source.startsWith("(?i)")) {
		source = source.slice(4);
		ignoreCase = true;
	}
	const flags = ignoreCase ? "i" : "";
	let firstError: unknown;
	for (const unicode of ["u", ""]) {
		try {
			return {
				ok: true,
				pattern: {
					scan: new RegExp(source, `gm${flags}${unicode}`),
					line: new RegExp(source, `${flags}${unicode}`),
				},
			};
		} catch (error) {
			firstError ??= error;
		}
	}
	const reason = firstError instanceof Error ? firstError.message : String(firstError);
	return {
		ok: false,
		message: `Invalid regular expression ${JSON.stringify(pattern)}: ${reason}. Fix it, or set literal: true to search for the text as it is.`,
	};
}

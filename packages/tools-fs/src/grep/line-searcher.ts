import type { ClippedLine } from "../truncate/truncate.js";
import type { LinePattern } from "./compile-pattern.js";

/**
 * A line of grep output: a match, a context line, or a `--` between separate groups.
 * Texts are already clipped to the line length bound (around the match for a match).
 */
export type SearchRecord =
	| { kind: "match"; line: number; text: string; clipped: boolean }
	| { kind: "context"; line: number; text: string; clipped: boolean }
	| { kind: "separator" };

/** `clipExcerpt` (truncate.ts), handed in rather than imported: see search-worker.ts. */
export type ClipExcerpt = (
	source: string,
	sourceStart: number,
	lineLength: number,
	maxLength: number,
	focus: number,
) => ClippedLine;

export interface LineSearcherOptions {
	/** Lines shown before and after each match. */
	context: number;
	/** The searcher is done once this many lines matched. */
	maxMatches: number;
	/** …or once its records hold more than this many characters (more could not be shown). */
	maxChars?: number;
	/** Texts of records are clipped to this many characters. */
	maxLineLength: number;
	clip: ClipExcerpt;
	/** Lines longer than this (characters) are searched in overlapping windows. Default 1 Mi. */
	longLine?: number;
	/** How far windows overlap. Default 64 Ki, and at least twice `maxLineLength`. */
	overlap?: number;
}

interface TailLine {
	line: number;
	text: string;
	clipped: boolean;
}

/** An over-long line, searched window by window as its text comes in. */
interface LongLine {
	line: number;
	/** Column of `window[0]` in the line. */
	windowStart: number;
	/** Searched text kept for look-behind (up to `overlap`), then text not searched yet. */
	window: string;
	/** Where in `window` the search resumes. */
	searchFrom: number;
	/** The line's first characters, to show it as a context line. */
	head: string;
	length: number;
	matched: boolean;
}

/** Start of the line that ends at `end` (the index of its line break, or the text's length). */
function startOfLineEndingAt(text: string, end: number): number {
	return end <= 0 ? 0 : text.lastIndexOf("\n", end - 1) + 1;
}

function countNewlines(text: string, from: number, to: number): number {
	let count = 0;
	for (
		let index = text.indexOf("\n", from);
		index !== -1 && index < to;
		index = text.indexOf("\n", index + 1)
	)
		count++;
	return count;
}

/**
 * Searches a file line by line as its text comes in, in pieces cut anywhere, holding a
 * bounded amount of it: line numbers and context lines continue across pieces, and the
 * records keep only the clipped text they show. The whole-segment regex scan finds
 * candidate lines at native speed; lines are only cut out where something matched.
 *
 * A line longer than `longLine` characters (a minified bundle, a one-line data file) is
 * not gathered whole: it is searched in windows that overlap by `overlap` characters, so
 * time stays linear and memory bounded. A match in such a line is found when it is at
 * most `overlap` characters long (and needs no more look-around than that).
 *
 * Runs inside grep's search worker, from its source text: it must use nothing of this
 * module's scope but the functions listed in `lineSearcherParts`.
 */
export class LineSearcher {
	readonly records: SearchRecord[] = [];
	matches = 0;
	/** Characters of text in `records`. */
	private chars = 0;
	/** Number of the line that `carry` (or `long`) belongs to. */
	private nextLine = 1;
	/** Number of the last line put into `records` (0: none yet). */
	private lastPrinted = 0;
	private afterRemaining = 0;
	private tail: TailLine[] = [];
	/** The start of a line whose end has not come yet. */
	private carry = "";
	private long: LongLine | undefined;
	private readonly context: number;
	private readonly maxMatches: number;
	private readonly maxChars: number;
	private readonly maxLineLength: number;
	private readonly clip: ClipExcerpt;
	private readonly overlap: number;
	private readonly longLine: number;

	constructor(
		private readonly pattern: LinePattern,
		options: LineSearcherOptions,
	) {
		this.context = options.context;
		this.maxMatches = options.maxMatches;
		this.maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
		this.maxLineLength = options.maxLineLength;
		this.clip = options.clip;
		// A window must hold a match's clipped excerpt on both sides of it.
		this.overlap = Math.max(options.overlap ?? 64 * 1024, 2 * options.maxLineLength + 2);
		this.longLine = Math.max(options.longLine ?? 1024 * 1024, 2 * this.overlap);
	}

	get done(): boolean {
		return this.matches >= this.maxMatches || this.chars > this.maxChars;
	}

	/** Searches the next piece of the text. */
	push(text: string): void {
		if (this.done || text.length === 0) return;
		let rest = text;
		if (this.long) {
			const newline = rest.indexOf("\n");
			this.continueLong(newline === -1 ? rest : rest.slice(0, newline), newline !== -1);
			if (newline === -1 || this.done) return;
			rest = rest.slice(newline + 1);
		}
		const cut = rest.lastIndexOf("\n");
		if (cut === -1) this.carry += rest;
		else {
			const segment = this.carry + rest.slice(0, cut + 1);
			this.carry = rest.slice(cut + 1);
			this.searchLines(segment);
		}
		if (this.carry.length > this.longLine && !this.done) {
			const start = this.carry;
			this.carry = "";
			this.long = {
				line: this.nextLine,
				windowStart: 0,
				window: "",
				searchFrom: 0,
				head: "",
				length: 0,
				matched: false,
			};
			this.continueLong(start, false);
		}
	}

	/** The end of the text: searches its last line. */
	end(): void {
		if (this.done) return;
		if (this.long) this.continueLong("", true, false);
		else if (this.carry.length > 0) this.searchLines(this.carry);
		this.carry = "";
	}

	/** Searches whole lines: `segment` ends with a line break, or is the text's last line. */
	private searchLines(segment: string): void {
		const text = segment.includes("\r\n") ? segment.replace(/\r\n/g, "\n") : segment;
		const firstLine = this.nextLine;
		const endsWithBreak = text.endsWith("\n");
		// Where the line after the last printed one starts, for after-context.
		let afterPosition = 0;
		let cursor = 0;
		let cursorLine = firstLine;
		const scan = this.pattern.scan;
		scan.lastIndex = 0;
		while (!this.done) {
			const found = scan.exec(text);
			if (found === null) break;
			const index = found.index;
			if (index >= text.length && (endsWithBreak || text.length === 0)) break;
			const lineStart = index === 0 ? 0 : text.lastIndexOf("\n", index - 1) + 1;
			let lineEnd = text.indexOf("\n", index);
			if (lineEnd === -1) lineEnd = text.length;
			const lineText = text.slice(lineStart, lineEnd);
			scan.lastIndex = lineEnd + 1;
			if (found[0].includes("\n") && !this.pattern.line.test(lineText)) continue;

			cursorLine += countNewlines(text, cursor, lineStart);
			cursor = lineStart;
			const line = cursorLine;
			afterPosition = this.flushAfter(text, afterPosition, line - 1);
			this.printBefore(text, lineStart, line, firstLine);
			this.printMatch(line, this.clip(lineText, 0, lineText.length, this.maxLineLength, index - lineStart));
			afterPosition = lineEnd + 1;
			if (scan.lastIndex > text.length) break;
		}
		this.flushAfter(text, afterPosition, Number.MAX_SAFE_INTEGER);
		const lines = countNewlines(text, 0, text.length);
		this.keepTail(text, firstLine, lines);
		this.nextLine = firstLine + lines;
	}

	/** The next piece of an over-long line; `ends` when the line ends after it, `atBreak` at a line break. */
	private continueLong(piece: string, ends: boolean, atBreak = ends): void {
		const long = this.long!;
		if (long.head.length <= this.maxLineLength)
			long.head += piece.slice(0, this.maxLineLength + 1 - long.head.length);
		long.length += piece.length;
		if (!long.matched) {
			let window = long.window + piece;
			if (atBreak && window.endsWith("\r")) window = window.slice(0, -1);
			// Matches must start where the window still holds `overlap` characters after them,
			// unless the line ends here: what they need of the line is then in the window.
			const searchEnd = ends ? window.length : window.length - this.overlap;
			// Small pieces are gathered first, so that each character is searched about once.
			if (ends || searchEnd - long.searchFrom >= 3 * this.overlap) {
				const scan = this.pattern.scan;
				scan.lastIndex = long.searchFrom;
				const found = scan.exec(window);
				if (found !== null && (ends || found.index < searchEnd)) {
					const column = long.windowStart + found.index;
					const lineLength = ends ? long.windowStart + window.length : Number.POSITIVE_INFINITY;
					this.printBefore("", 0, long.line, long.line);
					this.printMatch(
						long.line,
						this.clip(window, long.windowStart, lineLength, this.maxLineLength, column),
					);
					long.matched = true;
					long.window = "";
				} else if (!ends) {
					const keepFrom = Math.max(0, searchEnd - this.overlap);
					long.window = window.slice(keepFrom);
					long.windowStart += keepFrom;
					long.searchFrom = searchEnd - keepFrom;
				}
			} else long.window = window;
		}
		if (!ends) return;
		this.long = undefined;
		const shown = this.clip(long.head, 0, long.length, this.maxLineLength, 0);
		if (!long.matched && this.afterRemaining > 0 && this.lastPrinted === long.line - 1) {
			this.lastPrinted = long.line;
			this.afterRemaining--;
			this.printContext({ line: long.line, ...shown });
		}
		if (this.context > 0) this.tail = [...this.tail, { line: long.line, ...shown }].slice(-this.context);
		this.nextLine = long.line + 1;
	}

	private printMatch(line: number, shown: ClippedLine): void {
		this.records.push({ kind: "match", line, text: shown.text, clipped: shown.clipped });
		this.chars += shown.text.length;
		this.matches++;
		this.lastPrinted = line;
		this.afterRemaining = this.context;
	}

	private contextLine(line: number, text: string): TailLine {
		const shown = this.clip(text, 0, text.length, this.maxLineLength, 0);
		return { line, text: shown.text, clipped: shown.clipped };
	}

	private printContext(entry: TailLine): void {
		this.records.push({ kind: "context", ...entry });
		this.chars += entry.text.length;
	}

	/** After-context of the last match, up to line `untilLine`; returns where it stopped. */
	private flushAfter(text: string, position: number, untilLine: number): number {
		let at = position;
		while (this.afterRemaining > 0 && this.lastPrinted + 1 <= untilLine && at < text.length) {
			let end = text.indexOf("\n", at);
			if (end === -1) end = text.length;
			this.lastPrinted++;
			this.afterRemaining--;
			this.printContext(this.contextLine(this.lastPrinted, text.slice(at, end)));
			at = end + 1;
		}
		return at;
	}

	private printBefore(text: string, lineStart: number, line: number, firstLine: number): void {
		if (this.context === 0) return;
		const from = Math.max(line - this.context, this.lastPrinted + 1, 1);
		if (this.lastPrinted > 0 && from > this.lastPrinted + 1) this.records.push({ kind: "separator" });
		const before: TailLine[] = [];
		let end = lineStart - 1;
		for (let number = line - 1; number >= from && number >= firstLine; number--) {
			const start = startOfLineEndingAt(text, end);
			before.push(this.contextLine(number, text.slice(start, end)));
			end = start - 1;
		}
		for (const kept of this.tail) if (kept.line >= from && kept.line < firstLine) before.push(kept);
		before.sort((a, b) => a.line - b.line);
		for (const entry of before) this.printContext(entry);
	}

	/** The last `context` lines seen, for before-context at the start of the next segment. */
	private keepTail(text: string, firstLine: number, lines: number): void {
		if (this.context === 0) return;
		const kept: TailLine[] = [];
		let end = text.endsWith("\n") ? text.length - 1 : text.length;
		let number = firstLine + lines - (text.endsWith("\n") ? 1 : 0);
		while (kept.length < this.context && number >= firstLine && end >= 0) {
			const start = startOfLineEndingAt(text, end);
			kept.unshift(this.contextLine(number, text.slice(start, end)));
			end = start - 1;
			number--;
		}
		this.tail = [...this.tail, ...kept].slice(-this.context);
	}
}

/** What the search worker's source is built from: `LineSearcher` and what it calls. */
export const lineSearcherParts = [startOfLineEndingAt, countNewlines, LineSearcher] as const;

import type { LinePattern } from "./compile-pattern.js";

/** A line of grep output: a match, a context line, or a `--` between separate groups. */
export type SearchRecord =
	| { kind: "match"; line: number; text: string; column: number }
	| { kind: "context"; line: number; text: string }
	| { kind: "separator" };

interface TailLine {
	line: number;
	text: string;
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
 * Searches a file line by line, fed in segments that each end at a line break (the last
 * may not), so a large file is searched in bounded memory with line numbers and context
 * lines continuing across segments. The whole-segment regex scan finds candidate lines at
 * native speed; lines are only cut out where something matched.
 */
export class LineSearcher {
	readonly records: SearchRecord[] = [];
	matches = 0;
	private nextLine = 1;
	/** Number of the last line put into `records` (0: none yet). */
	private lastPrinted = 0;
	private afterRemaining = 0;
	private tail: TailLine[] = [];

	constructor(
		private readonly pattern: LinePattern,
		private readonly context: number,
		private readonly maxMatches: number,
	) {}

	get done(): boolean {
		return this.matches >= this.maxMatches;
	}

	feed(segment: string): void {
		if (this.done || segment.length === 0) return;
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
			this.records.push({ kind: "match", line, text: lineText, column: index - lineStart });
			this.matches++;
			this.lastPrinted = line;
			this.afterRemaining = this.context;
			afterPosition = lineEnd + 1;
			if (scan.lastIndex > text.length) break;
		}
		this.flushAfter(text, afterPosition, Number.MAX_SAFE_INTEGER);
		const lines = countNewlines(text, 0, text.length);
		this.keepTail(text, firstLine, lines);
		this.nextLine = firstLine + lines;
	}

	/** After-context of the last match, up to line `untilLine`; returns where it stopped. */
	private flushAfter(text: string, position: number, untilLine: number): number {
		let at = position;
		while (this.afterRemaining > 0 && this.lastPrinted + 1 <= untilLine && at < text.length) {
			let end = text.indexOf("\n", at);
			if (end === -1) end = text.length;
			this.lastPrinted++;
			this.afterRemaining--;
			this.records.push({ kind: "context", line: this.lastPrinted, text: text.slice(at, end) });
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
			before.push({ line: number, text: text.slice(start, end) });
			end = start - 1;
		}
		for (const kept of this.tail) if (kept.line >= from && kept.line < firstLine) before.push(kept);
		before.sort((a, b) => a.line - b.line);
		for (const entry of before) this.records.push({ kind: "context", ...entry });
	}

	/** The last `context` lines seen, for before-context at the start of the next segment. */
	private keepTail(text: string, firstLine: number, lines: number): void {
		if (this.context === 0) return;
		const kept: TailLine[] = [];
		let end = text.endsWith("\n") ? text.length - 1 : text.length;
		let number = firstLine + lines - (text.endsWith("\n") ? 1 : 0);
		while (kept.length < this.context && number >= firstLine && end >= 0) {
			const start = startOfLineEndingAt(text, end);
			kept.unshift({ line: number, text: text.slice(start, end) });
			end = start - 1;
			number--;
		}
		this.tail = [...this.tail, ...kept].slice(-this.context);
	}
}

import { clipLine } from "../../truncate/truncate.js";
import type { SearchRecord } from "../line-searcher.js";

/** What the search of one file found, as the JavaScript engine's `LineSearcher` gives it. */
export interface FileRecords {
	/** Relative to the searched folder, with `/`. */
	relative: string;
	records: SearchRecord[];
	matches: number;
	/** True if the file had more matching lines than the limit. */
	more: boolean;
}

/** A line of a ripgrep `match` or `context` event. */
export interface RipgrepLine {
	lineNumber: number;
	text: string;
	/** Where the first match starts, in characters of `text`; 0 for a context line. */
	focus: number;
}

/**
 * Builds one file's records from ripgrep's events the way `LineSearcher` prints them:
 * texts clipped around the first match, `--` between groups of lines that are not
 * adjacent, and nothing after the limit's last match but its after-context. ripgrep is
 * asked for one match more than the limit, which tells whether the file had more.
 */
export class FileRecordBuilder {
	readonly file: FileRecords;
	private lastPrinted = 0;
	private lastMatch = 0;
	private stopped = false;

	constructor(
		relative: string,
		private readonly limit: number,
		private readonly context: number,
		private readonly maxLineLength: number,
	) {
		this.file = { relative, records: [], matches: 0, more: false };
	}

	match(line: RipgrepLine): void {
		if (this.stopped) return;
		if (this.file.matches >= this.limit) {
			this.file.more = true;
			this.stopped = true;
			return;
		}
		this.separate(line.lineNumber);
		const shown = clipLine(line.text, this.maxLineLength, line.focus);
		this.file.records.push({
			kind: "match",
			line: line.lineNumber,
			text: shown.text,
			clipped: shown.clipped,
		});
		this.file.matches++;
		this.lastPrinted = line.lineNumber;
		this.lastMatch = line.lineNumber;
	}

	contextLine(line: RipgrepLine): void {
		if (this.stopped) return;
		// Before-context of a match beyond the limit.
		if (this.file.matches >= this.limit && line.lineNumber > this.lastMatch + this.context) return;
		this.separate(line.lineNumber);
		const shown = clipLine(line.text, this.maxLineLength, 0);
		this.file.records.push({
			kind: "context",
			line: line.lineNumber,
			text: shown.text,
			clipped: shown.clipped,
		});
		this.lastPrinted = line.lineNumber;
	}

	private separate(lineNumber: number): void {
		if (this.context > 0 && this.lastPrinted > 0 && lineNumber > this.lastPrinted + 1)
			this.file.records.push({ kind: "separator" });
	}
}

/**
 * Orders relative paths as the walk of the JavaScript engine meets them: depth first,
 * each folder's entries by name, so `a/x` comes before `a.b` (a plain string sort puts
 * it after). Character by character, with `/` below every other character.
 */
export function compareWalkOrder(a: string, b: string): number {
	const length = Math.min(a.length, b.length);
	for (let index = 0; index < length; index++) {
		let x = a.charCodeAt(index);
		let y = b.charCodeAt(index);
		if (x === y) continue;
		if (x === 47) x = -1;
		if (y === 47) y = -1;
		return x - y;
	}
	return a.length - b.length;
}

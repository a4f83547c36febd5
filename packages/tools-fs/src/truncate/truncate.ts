/** Default bound of a tool's output text. */
export const DEFAULT_MAX_BYTES = 50 * 1024;

const encoder = new TextEncoder();

export function byteLength(text: string): number {
	// Fast path: most lines are ASCII, where length is the byte length.
	for (let index = 0; index < text.length; index++) {
		if (text.charCodeAt(index) > 0x7f) return encoder.encode(text).byteLength;
	}
	return text.length;
}

/** `512 B`, `50.0 KB`, `200.0 MB`. */
export function formatSize(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
	return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** `1,234`: numbers the model reads in hints. */
export function formatCount(value: number): string {
	return value.toLocaleString("en-US");
}

/** `1 line`, `2 lines`. */
export function plural(count: number, word: string): string {
	return `${formatCount(count)} ${count === 1 ? word : `${word}s`}`;
}

/**
 * Collects output lines until a line count or a byte count is reached, whichever comes
 * first. `add` refuses the line that would cross a bound and every line after it.
 */
export class OutputBudget {
	readonly lines: string[] = [];
	private usedBytes = 0;
	private stoppedBy: "lines" | "bytes" | undefined;

	constructor(
		readonly maxLines: number,
		readonly maxBytes: number,
	) {}

	add(line: string): boolean {
		if (this.stoppedBy) return false;
		if (this.lines.length >= this.maxLines) {
			this.stoppedBy = "lines";
			return false;
		}
		const cost = byteLength(line) + (this.lines.length > 0 ? 1 : 0);
		if (this.usedBytes + cost > this.maxBytes) {
			this.stoppedBy = "bytes";
			return false;
		}
		this.lines.push(line);
		this.usedBytes += cost;
		return true;
	}

	/** Adds a line whatever the bounds (the one line a reader must show to make progress). */
	force(line: string): void {
		this.usedBytes += byteLength(line) + (this.lines.length > 0 ? 1 : 0);
		this.lines.push(line);
	}

	/** Which bound refused a line, if one did. */
	get exhaustedBy(): "lines" | "bytes" | undefined {
		return this.stoppedBy;
	}

	get bytes(): number {
		return this.usedBytes;
	}

	text(): string {
		return this.lines.join("\n");
	}
}

export interface ClippedLine {
	text: string;
	clipped: boolean;
}

/**
 * Shortens a line to at most `maxLength` characters (plus the `…` markers). With
 * `focus` (a character index, e.g. where a match starts) the kept window is placed around
 * it, so a match deep in a minified line stays visible.
 */
export function clipLine(line: string, maxLength: number, focus = 0): ClippedLine {
	return clipExcerpt(line, 0, line.length, maxLength, focus);
}

/**
 * `clipLine` for a line of which only a part is at hand: `source` holds the line's
 * characters from index `sourceStart` on, and `lineLength` is the line's length
 * (`Infinity` while it is not known yet). The part must cover the kept window, that is
 * `maxLength` characters from a quarter of `maxLength` before `focus` (clipLine with the
 * whole line gives the same text). Runs in grep's search worker too: it must not use
 * anything but `isLowSurrogate`.
 */
export function clipExcerpt(
	source: string,
	sourceStart: number,
	lineLength: number,
	maxLength: number,
	focus: number,
): ClippedLine {
	// A line that short is whole in `source`, from index 0.
	if (lineLength <= maxLength) return { text: source.slice(0, lineLength), clipped: false };
	let start = 0;
	if (focus > maxLength / 2) start = Math.min(focus - Math.floor(maxLength / 4), lineLength - maxLength);
	start = Math.max(0, start);
	// Never cut a surrogate pair in half.
	if (start > 0 && isLowSurrogate(source.charCodeAt(start - sourceStart))) start--;
	let end = start + maxLength;
	if (end < lineLength && isLowSurrogate(source.charCodeAt(end - sourceStart))) end--;
	const head = start > 0 ? "…" : "";
	const tail = end < lineLength ? "…" : "";
	return { text: `${head}${source.slice(start - sourceStart, end - sourceStart)}${tail}`, clipped: true };
}

export function isLowSurrogate(code: number): boolean {
	return code >= 0xdc00 && code <= 0xdfff;
}

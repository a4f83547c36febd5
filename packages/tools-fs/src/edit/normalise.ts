/**
 * Folding of the differences a model introduces when it quotes a file from memory, with
 * a map from every character of the folded text back to the original characters it came
 * from. Matching runs on folded text; edits are applied to the original through the map,
 * so nothing outside a matched region changes.
 */

export interface NormaliseOptions {
	/** Drop the leading whitespace of every line (the indentation-insensitive match). */
	stripIndentation?: boolean;
	/**
	 * Drop whitespace at the very end of the text, as at the end of a line. Right for a
	 * whole file; wrong for a searched snippet, whose last line may continue in the file.
	 */
	trimEnd?: boolean;
}

export interface NormalisedText {
	/** The folded text. Line breaks are `\n`, one for each line break of the original. */
	text: string;
	/** `starts[i]`: offset in the original where the source of folded character `i` begins. */
	starts: Int32Array;
	/** `ends[i]`: offset in the original just past that source. */
	ends: Int32Array;
}

/** Quote, dash and space look-alikes and what they fold to. */
const LOOK_ALIKES = new Map<number, string>([
	// Single quotes and primes.
	[0x2018, "'"],
	[0x2019, "'"],
	[0x201a, "'"],
	[0x201b, "'"],
	[0x2032, "'"],
	[0x2035, "'"],
	// Double quotes.
	[0x201c, '"'],
	[0x201d, '"'],
	[0x201e, '"'],
	[0x201f, '"'],
	[0x2033, '"'],
	[0x2036, '"'],
	// Hyphens, dashes and the minus sign.
	[0x2010, "-"],
	[0x2011, "-"],
	[0x2012, "-"],
	[0x2013, "-"],
	[0x2014, "-"],
	[0x2015, "-"],
	[0x2212, "-"],
	[0xfe58, "-"],
	[0xfe63, "-"],
	// Spaces: no-break, the typographic ones, narrow no-break, medium mathematical, ideographic.
	[0x00a0, " "],
	[0x2000, " "],
	[0x2001, " "],
	[0x2002, " "],
	[0x2003, " "],
	[0x2004, " "],
	[0x2005, " "],
	[0x2006, " "],
	[0x2007, " "],
	[0x2008, " "],
	[0x2009, " "],
	[0x200a, " "],
	[0x202f, " "],
	[0x205f, " "],
	[0x3000, " "],
	// Ellipsis and leaders.
	[0x2024, "."],
	[0x2025, ".."],
	[0x2026, "..."],
]);

/** Invisible characters that editors and models add or drop: zero width space, word joiner, BOM. */
const INVISIBLE = new Set([0x200b, 0x2060, 0xfeff]);

const COMBINING_MARK = /\p{M}/u;

/**
 * Characters whose compatibility form (NFKC) is a plain look-alike and safe to fold:
 * full-width ASCII and the Latin ligatures. Other NFKC foldings (superscripts,
 * fractions, circled digits) change meaning and are left alone.
 */
function isSafeCompatibilityCharacter(code: number): boolean {
	return (code >= 0xff01 && code <= 0xff5e) || (code >= 0xfb00 && code <= 0xfb06);
}

/** Whether a combining mark starts at `index` (cheap check first: marks are U+0300 and up). */
function startsCombiningSequence(text: string, index: number): boolean {
	if (index >= text.length || text.charCodeAt(index) < 0x300) return false;
	return COMBINING_MARK.test(String.fromCodePoint(text.codePointAt(index)!));
}

function isHorizontalSpace(folded: string): boolean {
	return folded === " " || folded === "\t";
}

/**
 * Folds `text` (see the module comment) and maps each folded character to its source:
 * CRLF and CR become LF; NFC for combining sequences; safe NFKC; quote, dash and space
 * look-alikes to ASCII; invisible characters dropped; trailing whitespace of each line
 * dropped; optionally the indentation too.
 */
/** Collects folded text and its offset map; a class so the hot loop touches fields, not closures. */
class FoldedBuilder {
	parts: string[] = [];
	starts: Int32Array;
	ends: Int32Array;
	count = 0;
	/** Horizontal whitespace held back until a non-space shows it is not trailing. */
	pending: { text: string; start: number; end: number }[] = [];

	constructor(capacity: number) {
		this.starts = new Int32Array(capacity);
		this.ends = new Int32Array(capacity);
	}

	reserve(extra: number): void {
		if (this.count + extra <= this.starts.length) return;
		const size = Math.max(this.starts.length * 2, this.count + extra);
		const starts = new Int32Array(size);
		const ends = new Int32Array(size);
		starts.set(this.starts);
		ends.set(this.ends);
		this.starts = starts;
		this.ends = ends;
	}

	/** Copies `text[start, end)` unchanged. */
	copy(text: string, start: number, end: number): void {
		this.reserve(end - start);
		this.parts.push(text.slice(start, end));
		const starts = this.starts;
		const ends = this.ends;
		let count = this.count;
		for (let position = start; position < end; position++) {
			starts[count] = position;
			ends[count] = position + 1;
			count++;
		}
		this.count = count;
	}

	emit(folded: string, start: number, end: number): void {
		this.reserve(folded.length);
		this.parts.push(folded);
		for (let index = 0; index < folded.length; index++) {
			this.starts[this.count] = start;
			this.ends[this.count] = end;
			this.count++;
		}
	}

	flushPending(): void {
		if (this.pending.length === 0) return;
		for (const item of this.pending) this.emit(item.text, item.start, item.end);
		this.pending.length = 0;
	}

	result(): NormalisedText {
		return {
			text: this.parts.join(""),
			starts: this.starts.subarray(0, this.count),
			ends: this.ends.subarray(0, this.count),
		};
	}
}

/**
 * Folds `text` (see the module comment) and maps each folded character to its source:
 * CRLF and CR become LF; NFC for combining sequences; safe NFKC; quote, dash and space
 * look-alikes to ASCII; invisible characters dropped; trailing whitespace of each line
 * dropped; optionally the indentation too.
 */
export function normaliseWithOffsetMap(text: string, options: NormaliseOptions = {}): NormalisedText {
	const builder = new FoldedBuilder(text.length + 8);
	const stripIndentation = options.stripIndentation === true;
	let atLineStart = true;
	let index = 0;
	while (index < text.length) {
		const code = text.charCodeAt(index);
		if (isPlainAscii(code)) {
			// Fast path: a run of printable ASCII is copied as it is.
			let end = index + 1;
			while (end < text.length && isPlainAscii(text.charCodeAt(end))) end++;
			// The run's last character belongs to a combining sequence that follows it.
			if (startsCombiningSequence(text, end)) end--;
			if (end > index) {
				builder.flushPending();
				builder.copy(text, index, end);
				atLineStart = false;
				index = end;
				continue;
			}
		}
		if (code === 13 || code === 10) {
			const end = code === 13 && text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;
			builder.pending.length = 0;
			builder.emit("\n", index, end);
			atLineStart = true;
			index = end;
			continue;
		}
		if (code === 32 || code === 9) {
			if (!(atLineStart && stripIndentation))
				builder.pending.push({ text: text[index]!, start: index, end: index + 1 });
			index++;
			continue;
		}
		const codePoint = text.codePointAt(index)!;
		let end = index + (codePoint > 0xffff ? 2 : 1);
		let folded: string;
		if (startsCombiningSequence(text, end)) {
			// A base character and its combining marks compose as one cluster (NFC).
			while (startsCombiningSequence(text, end)) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
			folded = text.slice(index, end).normalize("NFC");
		} else if (code < 0x80) {
			folded = text[index]!;
		} else if (INVISIBLE.has(codePoint)) {
			index = end;
			continue;
		} else {
			const lookAlike = LOOK_ALIKES.get(codePoint);
			if (lookAlike !== undefined) folded = lookAlike;
			else if (isSafeCompatibilityCharacter(codePoint))
				folded = String.fromCodePoint(codePoint).normalize("NFKC");
			else folded = String.fromCodePoint(codePoint).normalize("NFC");
		}
		if (isHorizontalSpace(folded)) {
			if (!(atLineStart && stripIndentation)) builder.pending.push({ text: folded, start: index, end });
		} else {
			builder.flushPending();
			builder.emit(folded, index, end);
			atLineStart = false;
		}
		index = end;
	}
	if (!options.trimEnd) builder.flushPending();
	return builder.result();
}

/** Printable ASCII other than the space: copied as it is. */
function isPlainAscii(code: number): boolean {
	return code > 32 && code < 127;
}

/** The original range `[start, end)` of folded characters `[start, end)`; `end > start`. */
export function originalRange(normalised: NormalisedText, start: number, end: number): [number, number] {
	return [normalised.starts[start]!, normalised.ends[end - 1]!];
}

import type { MatchKind } from "../types.js";
import { IndentMap, isBlank, leadingWhitespace } from "./indentation.js";
import { type NormalisedText, normaliseWithOffsetMap, originalRange } from "./normalise.js";

/** A region of the original text, `[start, end)` in UTF-16 offsets. */
export interface MatchRegion {
	start: number;
	end: number;
	/** For indentation-insensitive matches: how the model's indentation maps to the file's. */
	indent?: IndentMap;
}

export type FindMatchesResult =
	| { kind: MatchKind; regions: MatchRegion[] }
	/** `inconsistentIndentation`: a region matched but its indentation did not correspond. */
	| { kind: undefined; regions: []; inconsistentIndentation: boolean };

/** A line and the line break that ends it (`""` for the last one). */
export interface SplitLine {
	text: string;
	eol: string;
}

export function splitLines(text: string): SplitLine[] {
	const lines: SplitLine[] = [];
	const pattern = /\r\n|\r|\n/g;
	let start = 0;
	for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
		lines.push({ text: text.slice(start, match.index), eol: match[0] });
		start = match.index + match[0].length;
	}
	lines.push({ text: text.slice(start), eol: "" });
	return lines;
}

/**
 * The file's folded forms, computed once per call and shared by its edits.
 */
export class SearchableText {
	private folded: NormalisedText | undefined;
	private foldedWithoutIndent: NormalisedText | undefined;
	private lineList: string[] | undefined;

	constructor(readonly content: string) {}

	get normalised(): NormalisedText {
		this.folded ??= normaliseWithOffsetMap(this.content, { trimEnd: true });
		return this.folded;
	}

	get withoutIndentation(): NormalisedText {
		this.foldedWithoutIndent ??= normaliseWithOffsetMap(this.content, {
			trimEnd: true,
			stripIndentation: true,
		});
		return this.foldedWithoutIndent;
	}

	lines(): string[] {
		this.lineList ??= splitLines(this.content).map((line) => line.text);
		return this.lineList;
	}
}

/** Every start of `needle` in `haystack`, overlapping ones included. */
export function occurrences(haystack: string, needle: string): number[] {
	const found: number[] = [];
	if (needle.length === 0) return found;
	for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + 1)) {
		found.push(index);
	}
	return found;
}

/**
 * Finds `oldText` in the file, trying in turn: the exact text; the folded text (line
 * endings, Unicode forms, look-alikes, trailing whitespace); the folded text without
 * indentation, where the model's indentation must correspond to the file's line by line.
 * The first tier that finds anything decides; its regions are in the original text.
 */
export function findMatches(
	file: SearchableText,
	oldText: string,
	options: { fuzzy: boolean; newText?: string },
): FindMatchesResult {
	const exact = occurrences(file.content, oldText);
	if (exact.length > 0) {
		return { kind: "exact", regions: exact.map((start) => ({ start, end: start + oldText.length })) };
	}
	if (!options.fuzzy) return { kind: undefined, regions: [], inconsistentIndentation: false };

	const normalised = findNormalised(file.normalised, oldText, false);
	if (normalised.length > 0) return { kind: "normalised", regions: normalised };

	const indented = findNormalised(file.withoutIndentation, oldText, true);
	const consistent: MatchRegion[] = [];
	for (const region of indented) {
		const start = lineStart(file.content, region.start);
		const indent = buildIndentMap(
			file,
			file.content.slice(start, region.end),
			oldText,
			options.newText ?? "",
		);
		if (indent) consistent.push({ start, end: region.end, indent });
	}
	if (consistent.length > 0) return { kind: "indentation", regions: consistent };
	return { kind: undefined, regions: [], inconsistentIndentation: indented.length > 0 };
}

function findNormalised(haystack: NormalisedText, oldText: string, stripIndentation: boolean): MatchRegion[] {
	const needle = normaliseWithOffsetMap(oldText, { stripIndentation }).text;
	let starts = occurrences(haystack.text, needle);
	let length = needle.length;
	if (starts.length === 0) {
		// Whitespace at the end of the snippet is trailing whitespace if the file's line ends there.
		const trimmed = normaliseWithOffsetMap(oldText, { stripIndentation, trimEnd: true }).text;
		if (trimmed !== needle) {
			length = trimmed.length;
			starts = occurrences(haystack.text, trimmed).filter(
				(start) => start + length === haystack.text.length || haystack.text[start + length] === "\n",
			);
		}
	}
	if (length === 0) return [];
	if (stripIndentation) starts = starts.filter((start) => start === 0 || haystack.text[start - 1] === "\n");
	return starts.map((start) => {
		const [originalStart, originalEnd] = originalRange(haystack, start, start + length);
		return { start: originalStart, end: originalEnd };
	});
}

export function lineStart(text: string, offset: number): number {
	let index = offset;
	while (index > 0 && text[index - 1] !== "\n" && text[index - 1] !== "\r") index--;
	return index;
}

/** Pairs the indentation of the matched file lines with the model's lines; `undefined` if inconsistent. */
function buildIndentMap(
	file: SearchableText,
	region: string,
	oldText: string,
	newText: string,
): IndentMap | undefined {
	const regionLines = splitLines(region);
	const modelLines = splitLines(oldText);
	if (regionLines.length !== modelLines.length) return undefined;
	const modelIndents: string[] = [];
	const fileIndents: string[] = [];
	for (const [index, line] of regionLines.entries()) {
		const model = modelLines[index]!.text;
		if (isBlank(line.text) || isBlank(model)) continue;
		modelIndents.push(leadingWhitespace(model));
		fileIndents.push(leadingWhitespace(line.text));
	}
	return IndentMap.build(
		modelIndents,
		fileIndents,
		[...modelLines, ...splitLines(newText)].map((line) => line.text),
		() => file.lines(),
	);
}

/** Keeps the first of overlapping regions, for `replaceAll`. */
export function nonOverlapping(regions: readonly MatchRegion[]): MatchRegion[] {
	const kept: MatchRegion[] = [];
	for (const region of regions) {
		const last = kept.at(-1);
		if (!last || region.start >= last.end) kept.push(region);
	}
	return kept;
}

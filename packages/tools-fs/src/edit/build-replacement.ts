import { diffArrays, diffChars } from "diff";
import { type LineEnding, withLineEnding } from "../content/text-format.js";
import type { MatchKind } from "../types.js";
import { type SplitLine, splitLines } from "./find-matches.js";
import type { IndentMap } from "./indentation.js";
import { leadingWhitespace } from "./indentation.js";
import { normaliseWithOffsetMap } from "./normalise.js";

export interface ReplacementInput {
	/** The file's text of the matched region. */
	region: string;
	oldText: string;
	newText: string;
	kind: MatchKind;
	/** The file's line ending, for the lines the replacement adds. */
	eol: LineEnding;
	indent?: IndentMap;
}

/** Paired lines longer than this are not diffed by character; the model's line is used. */
const MAX_CHARACTER_DIFF = 4000;

function key(text: string): string {
	return normaliseWithOffsetMap(text, { stripIndentation: true, trimEnd: true }).text;
}

/**
 * The text that replaces a matched region. An exact match gets `newText` with the file's
 * line endings. A normalised or indentation match keeps the file's own bytes wherever
 * `newText` does not change `oldText`: unchanged lines are copied from the file, changed
 * lines keep the file's characters around the change (its quotes, spaces, indentation),
 * new lines get the file's indentation style and line endings.
 */
export function buildReplacement(input: ReplacementInput): string {
	if (input.kind === "exact") return withLineEnding(input.newText, input.eol);
	const regionLines = splitLines(input.region);
	const oldLines = splitLines(input.oldText);
	const newLines = splitLines(input.newText);
	const translate = (indent: string) => (input.indent ? input.indent.translate(indent) : indent);
	if (regionLines.length !== oldLines.length) return plainReplacement(newLines, input.eol, translate);

	const output: string[] = [];
	const emit = (next: SplitLine, text: string, fileLine: SplitLine | undefined) => {
		const eol = next.eol === "" ? "" : fileLine?.eol || input.eol;
		output.push(text + eol);
	};
	const indentFor = (next: string, old: SplitLine | undefined, file: SplitLine | undefined) => {
		const model = leadingWhitespace(next);
		if (old && file && leadingWhitespace(old.text) === model) return leadingWhitespace(file.text);
		return translate(model);
	};

	let oldIndex = 0;
	let newIndex = 0;
	const changes = diffArrays(
		oldLines.map((line) => key(line.text)),
		newLines.map((line) => key(line.text)),
	);
	for (let changeIndex = 0; changeIndex < changes.length; changeIndex++) {
		const change = changes[changeIndex]!;
		const count = change.value.length;
		if (!change.added && !change.removed) {
			for (let step = 0; step < count; step++) {
				const file = regionLines[oldIndex]!;
				const old = oldLines[oldIndex]!;
				const next = newLines[newIndex]!;
				const indent = indentFor(next.text, old, file);
				const text = indent === leadingWhitespace(file.text) ? file.text : indent + withoutIndent(file.text);
				emit(next, text, file);
				oldIndex++;
				newIndex++;
			}
			continue;
		}
		let removed = 0;
		let added = 0;
		if (change.removed) {
			removed = count;
			const following = changes[changeIndex + 1];
			if (following?.added) {
				added = following.value.length;
				changeIndex++;
			}
		} else {
			added = count;
		}
		const paired = Math.min(removed, added);
		for (let step = 0; step < added; step++) {
			const next = newLines[newIndex + step]!;
			const file = step < paired ? regionLines[oldIndex + step] : undefined;
			const old = step < paired ? oldLines[oldIndex + step] : undefined;
			const content = withoutIndent(next.text);
			if (content === "") {
				emit(next, "", file);
				continue;
			}
			const indent = indentFor(next.text, old, file);
			const text =
				file && old
					? preserveCharacters(withoutIndent(file.text), withoutIndent(old.text), content)
					: content;
			emit(next, indent + text, file);
		}
		oldIndex += removed;
		newIndex += added;
	}
	const replacement = output.join("");
	// A safety net: the result must read as newText once folded; otherwise use newText plainly.
	if (key(replacement) !== key(input.newText)) return plainReplacement(newLines, input.eol, translate);
	return replacement;
}

function withoutIndent(text: string): string {
	return text.slice(leadingWhitespace(text).length);
}

function plainReplacement(
	lines: SplitLine[],
	eol: LineEnding,
	translate: (indent: string) => string,
): string {
	return lines
		.map((line) => {
			const content = withoutIndent(line.text);
			const text = content === "" ? "" : translate(leadingWhitespace(line.text)) + content;
			return text + (line.eol === "" ? "" : eol);
		})
		.join("");
}

/**
 * `newContent`, but with the file's characters wherever the model's line equals its old
 * line once folded: a word changed in a line with curly quotes keeps the curly quotes.
 */
export function preserveCharacters(fileContent: string, oldContent: string, newContent: string): string {
	if (fileContent.length > MAX_CHARACTER_DIFF || newContent.length > MAX_CHARACTER_DIFF) return newContent;
	const file = normaliseWithOffsetMap(fileContent, { trimEnd: true });
	const old = normaliseWithOffsetMap(oldContent, { trimEnd: true });
	const next = normaliseWithOffsetMap(newContent, { trimEnd: true });
	if (file.text !== old.text) return newContent;
	const changes = diffChars(old.text, next.text);
	let oldIndex = 0;
	let newIndex = 0;
	let result = "";
	for (const change of changes) {
		const length = change.value.length;
		if (length === 0) continue;
		if (change.added) {
			result += newContent.slice(next.starts[newIndex]!, next.ends[newIndex + length - 1]!);
			newIndex += length;
		} else if (change.removed) {
			oldIndex += length;
		} else {
			result += fileContent.slice(file.starts[oldIndex]!, file.ends[oldIndex + length - 1]!);
			oldIndex += length;
			newIndex += length;
		}
	}
	return result;
}

import type { ClosestRegion, LineDifference } from "../types.js";
import { describeDifferences } from "./differences.js";
import { splitLines } from "./find-matches.js";
import { normaliseWithOffsetMap } from "./normalise.js";

/** Above this many line comparisons, only windows near the best-matching anchor lines are scored. */
const FULL_SCAN_LIMIT = 50_000;
const ANCHOR_LINES = 3;
const CANDIDATES_PER_ANCHOR = 50;
const MAX_DIFFERENCES = 12;

/** Each line folded and without indentation; one pass over the text keeps it fast for large files. */
function keysOf(text: string): string[] {
	return normaliseWithOffsetMap(text, { stripIndentation: true, trimEnd: true }).text.split("\n");
}

function key(line: string): string {
	return keysOf(line)[0] ?? "";
}

/** Character bigrams as sorted numbers, compared by merging. */
function bigrams(text: string): Int32Array {
	const grams = new Int32Array(Math.max(0, text.length - 1));
	for (let index = 0; index < grams.length; index++) {
		grams[index] = (text.charCodeAt(index) << 16) | text.charCodeAt(index + 1);
	}
	return grams.sort();
}

/** Sørensen–Dice similarity of two lines over character bigrams; 1 for equal lines. */
function similarity(a: string, b: string, cache: Map<string, Int32Array>): number {
	if (a === b) return 1;
	if (a.length < 2 || b.length < 2) return 0;
	// An upper bound from the lengths alone skips most lines cheaply.
	if ((2 * Math.min(a.length, b.length)) / (a.length + b.length) < 0.3) return 0;
	const gramsOf = (text: string) => {
		let grams = cache.get(text);
		if (!grams) {
			grams = bigrams(text);
			cache.set(text, grams);
		}
		return grams;
	};
	const left = gramsOf(a);
	const right = gramsOf(b);
	let shared = 0;
	let i = 0;
	let j = 0;
	while (i < left.length && j < right.length) {
		if (left[i] === right[j]) {
			shared++;
			i++;
			j++;
		} else if (left[i]! < right[j]!) i++;
		else j++;
	}
	return (2 * shared) / (left.length + right.length);
}

/**
 * The lines of `content` most similar to `wanted`, for a "not found" message the model
 * can correct itself from: each window of as many lines as `wanted` has is scored by the
 * mean similarity of its lines to the wanted ones (indentation and look-alikes folded),
 * and the differing lines of the best window are described.
 */
export function findClosestRegion(content: string, wanted: string): ClosestRegion | undefined {
	const fileLines = splitLines(content).map((line) => line.text);
	const wantedLines = splitLines(wanted).map((line) => line.text);
	if (wantedLines.length > 1 && wantedLines.at(-1) === "") wantedLines.pop();
	if (fileLines.length === 0 || wantedLines.every((line) => line.trim() === "")) return undefined;

	const windowSize = Math.min(wantedLines.length, fileLines.length);
	const fileKeys = keysOf(content);
	const wantedKeys = wantedLines.map(key);
	const cache = new Map<string, Int32Array>();
	const score = (start: number) => {
		let total = 0;
		for (let offset = 0; offset < windowSize; offset++) {
			total += similarity(fileKeys[start + offset]!, wantedKeys[offset]!, cache);
		}
		return total / wantedLines.length;
	};

	const lastStart = fileLines.length - windowSize;
	let starts: Iterable<number>;
	if ((lastStart + 1) * windowSize <= FULL_SCAN_LIMIT) {
		starts = Array.from({ length: lastStart + 1 }, (_, index) => index);
	} else {
		starts = anchoredStarts(fileKeys, wantedKeys, lastStart, cache);
	}
	let best = -1;
	let bestScore = -1;
	for (const start of starts) {
		const value = score(start);
		if (value > bestScore) {
			best = start;
			bestScore = value;
		}
	}
	if (best < 0 || bestScore <= 0) return undefined;

	const lines = fileLines.slice(best, best + windowSize);
	const differences: LineDifference[] = [];
	for (let offset = 0; offset < Math.max(windowSize, wantedLines.length); offset++) {
		const actual = lines[offset] ?? "";
		const expected = wantedLines[offset] ?? "";
		if (actual === expected) continue;
		const folded = key(actual) === key(expected);
		const kind = folded
			? describeDifferences(actual, expected, leading(actual) !== leading(expected)).join(", ") ||
				"whitespace"
			: actual.toLowerCase() === expected.toLowerCase()
				? "letter case"
				: "content";
		differences.push({ line: best + offset + 1, actual, expected, kind });
		if (differences.length >= MAX_DIFFERENCES) break;
	}
	return {
		startLine: best + 1,
		endLine: best + windowSize,
		similarity: Math.round(bestScore * 100) / 100,
		lines,
		differences,
	};
}

function leading(line: string): string {
	return line.slice(0, line.length - line.trimStart().length);
}

/** Window starts that align one of the longest wanted lines with a similar file line. */
function anchoredStarts(
	fileKeys: readonly string[],
	wantedKeys: readonly string[],
	lastStart: number,
	cache: Map<string, Int32Array>,
): Set<number> {
	const anchors = wantedKeys
		.map((text, index) => ({ text, index }))
		.sort((a, b) => b.text.length - a.text.length)
		.slice(0, ANCHOR_LINES);
	const starts = new Set<number>();
	for (const anchor of anchors) {
		const scored = fileKeys.map((text, line) => ({ line, value: similarity(text, anchor.text, cache) }));
		scored.sort((a, b) => b.value - a.value);
		for (const { line } of scored.slice(0, CANDIDATES_PER_ANCHOR)) {
			const start = Math.min(Math.max(0, line - anchor.index), lastStart);
			starts.add(start);
		}
	}
	return starts;
}

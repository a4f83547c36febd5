import { detectLineEnding, splitBom } from "../content/text-format.js";
import type { EditFailure, EditMatchDetails, MatchKind } from "../types.js";
import { buildReplacement } from "./build-replacement.js";
import { findClosestRegion } from "./closest-region.js";
import { describeDifferences } from "./differences.js";
import { findMatches, nonOverlapping, SearchableText } from "./find-matches.js";

/** One replacement the model asked for. */
export interface EditRequest {
	oldText: string;
	newText: string;
	/** Replace every occurrence instead of requiring exactly one. */
	replaceAll?: boolean;
}

export type ApplyEditsResult =
	| { ok: true; content: string; edits: EditMatchDetails[] }
	| { ok: false; failure: EditFailure; message: string };

/** Lines of the closest region quoted in a "not found" message. */
const MAX_REGION_LINES_SHOWN = 30;

interface PlannedRegion {
	edit: number;
	start: number;
	end: number;
	replacement: string;
}

/** 1-based line numbers of offsets, by binary search over the line starts. */
class LineIndex {
	private readonly starts: number[] = [0];

	constructor(text: string) {
		for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
			this.starts.push(index + 1);
		}
	}

	lineOf(offset: number): number {
		let low = 0;
		let high = this.starts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (this.starts[middle]! <= offset) low = middle;
			else high = middle - 1;
		}
		return low + 1;
	}
}

function quote(text: string, max = 80): string {
	const shown = text.length > max ? `${text.slice(0, max)}…` : text;
	return JSON.stringify(shown);
}

/**
 * Applies every edit to `content` (decoded text, BOM included) or none: each `oldText`
 * is matched against the original content (not against the result of the edits before
 * it), must match exactly one region unless `replaceAll`, must not overlap another
 * edit's region, and must change something. Pure: the caller reads and writes.
 */
export function applyEdits(
	content: string,
	edits: readonly EditRequest[],
	options: { fuzzy: boolean } = { fuzzy: true },
): ApplyEditsResult {
	const { bom, text } = splitBom(content);
	const eol = detectLineEnding(text);
	const file = new SearchableText(text);
	const lines = new LineIndex(text);
	const planned: PlannedRegion[] = [];
	const details: EditMatchDetails[] = [];
	const label = (index: number) => (edits.length > 1 ? `Edit ${index + 1}: ` : "");

	for (const [index, edit] of edits.entries()) {
		if (edit.oldText.length === 0) {
			return failure(
				{ index, reason: "invalid" },
				`${label(index)}oldText is empty. Quote the text to replace; to create or replace a whole file, use write.`,
			);
		}
		if (edit.oldText === edit.newText) {
			return failure(
				{ index, reason: "no_change" },
				`${label(index)}oldText and newText are identical; nothing to change.`,
			);
		}
		const found = findMatches(file, edit.oldText, { fuzzy: options.fuzzy, newText: edit.newText });
		if (found.kind === undefined) {
			const closest = findClosestRegion(text, edit.oldText);
			return failure(
				{ index, reason: "not_found", ...(closest && { closest }) },
				notFoundMessage(label(index), closest, found.inconsistentIndentation),
			);
		}
		if (found.regions.length > 1 && !edit.replaceAll) {
			const matchLines = found.regions.map((region) => lines.lineOf(region.start));
			const shown = matchLines.slice(0, 10).join(", ") + (matchLines.length > 10 ? ", …" : "");
			return failure(
				{ index, reason: "ambiguous", matchLines },
				`${label(index)}oldText matches ${found.regions.length} places (lines ${shown}). ` +
					"Include more surrounding lines to make it unique, or set replaceAll: true to change every one.",
			);
		}
		const regions = edit.replaceAll ? nonOverlapping(found.regions) : found.regions;
		let changes = false;
		for (const region of regions) {
			const original = text.slice(region.start, region.end);
			const replacement = buildReplacement({
				region: original,
				oldText: edit.oldText,
				newText: edit.newText,
				kind: found.kind,
				eol,
				...(region.indent && { indent: region.indent }),
			});
			if (replacement !== original) changes = true;
			planned.push({ edit: index, start: region.start, end: region.end, replacement });
		}
		const first = regions[0]!;
		const startLine = lines.lineOf(first.start);
		const endLine = lines.lineOf(Math.max(first.start, first.end - 1));
		const differences =
			found.kind === "exact"
				? []
				: describeDifferences(text.slice(first.start, first.end), edit.oldText, found.kind === "indentation");
		if (!changes) {
			return failure(
				{ index, reason: "no_change" },
				`${label(index)}oldText matches lines ${startLine}-${endLine}, but newText differs from it only in ` +
					`${differences.join(", ") || "characters the match ignores"}, which the edit keeps as the file has them. ` +
					"To change such characters, quote oldText exactly as it is in the file.",
			);
		}
		details.push(matchDetails(index, found.kind, regions.length, startLine, endLine, differences));
	}

	planned.sort((a, b) => a.start - b.start || a.end - b.end);
	for (let position = 1; position < planned.length; position++) {
		const previous = planned[position - 1]!;
		const current = planned[position]!;
		if (current.start < previous.end) {
			const [first, second] = previous.edit < current.edit ? [previous, current] : [current, previous];
			return failure(
				{ index: second.edit, reason: "overlap" },
				`Edits ${first.edit + 1} and ${second.edit + 1} overlap (around line ${lines.lineOf(current.start)}). ` +
					"Each edit is matched against the original file; merge them into one edit.",
			);
		}
	}

	const parts: string[] = [bom];
	let cursor = 0;
	for (const region of planned) {
		parts.push(text.slice(cursor, region.start), region.replacement);
		cursor = region.end;
	}
	parts.push(text.slice(cursor));
	return { ok: true, content: parts.join(""), edits: details };
}

function matchDetails(
	index: number,
	kind: MatchKind,
	occurrences: number,
	startLine: number,
	endLine: number,
	differences: string[],
): EditMatchDetails {
	const details: EditMatchDetails = { index, kind, occurrences, startLine, endLine };
	if (differences.length > 0) details.differences = differences;
	return details;
}

function failure(failure: EditFailure, message: string): ApplyEditsResult {
	return { ok: false, failure, message };
}

function notFoundMessage(
	label: string,
	closest: ReturnType<typeof findClosestRegion>,
	inconsistentIndentation: boolean,
): string {
	const lines = [`${label}oldText was not found in the file.`];
	if (inconsistentIndentation) {
		lines.push(
			"Its lines occur in the file, but with indentation that does not correspond line by line to yours; copy the indentation exactly.",
		);
	}
	if (!closest) {
		lines.push("Nothing in the file resembles it; read the file to see its current content.");
		return lines.join("\n");
	}
	const width = String(closest.endLine).length;
	lines.push(
		`The most similar region is lines ${closest.startLine}-${closest.endLine} (${Math.round(closest.similarity * 100)}% similar):`,
	);
	for (const [offset, line] of closest.lines.slice(0, MAX_REGION_LINES_SHOWN).entries()) {
		const number = String(closest.startLine + offset).padStart(width);
		lines.push(`${number} | ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`);
	}
	if (closest.lines.length > MAX_REGION_LINES_SHOWN) lines.push(`${" ".repeat(width)} | …`);
	if (closest.differences.length > 0) {
		lines.push("Differences (file vs. your oldText):");
		for (const difference of closest.differences) {
			lines.push(
				`  line ${difference.line} (${difference.kind}): file has ${quote(difference.actual)}, oldText has ${quote(difference.expected)}`,
			);
		}
	}
	lines.push("Use the file's exact text as oldText (read those lines again if the file may have changed).");
	return lines.join("\n");
}

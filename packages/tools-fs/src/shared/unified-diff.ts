import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import { lineAt } from "../content/text-format.js";

/** Diffs of texts larger than this are skipped: a UI gets no diff rather than a stall. */
const MAX_DIFF_CHARS = 1024 * 1024;

/** A unified diff (`--- a/path`, `+++ b/path`, three lines of context), or `undefined` if too costly. */
export function unifiedDiff(display: string, before: string, after: string): string | undefined {
	if (before.length > MAX_DIFF_CHARS || after.length > MAX_DIFF_CHARS) return undefined;
	return createTwoFilesPatch(`a/${display}`, `b/${display}`, before, after, undefined, undefined, {
		context: 3,
		timeout: 2000,
		headerOptions: FILE_HEADERS_ONLY,
	});
}

/** 1-based line of `after` where it first differs from `before`; `undefined` if equal. */
export function firstChangedLine(before: string, after: string): number | undefined {
	if (before === after) return undefined;
	const length = Math.min(before.length, after.length);
	let index = 0;
	while (index < length && before.charCodeAt(index) === after.charCodeAt(index)) index++;
	return lineAt(after, index);
}

/** What of a streaming message to render, and how many of its source lines come before that. */
export interface LiveTail {
	text: string;
	linesBefore: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The end of a message being streamed, for rendering: the live view draws only its last
 * lines, and rendering the whole message on every delta would cost more with each delta
 * (quadratic over a long answer). The cut is at least `minChars` before the end, at a line
 * start: preferably after a blank line outside a code fence (a paragraph boundary, so the
 * tail renders as it does in the whole); inside a fence, the fence's opening line is put
 * back in front, so code still renders as code. Pure; O(length) string scanning, no parsing.
 */
export function liveMarkdownTail(text: string, minChars: number): LiveTail {
	const limit = text.length - minChars;
	if (limit <= 0) return { text, linesBefore: 0 };
	let fence: { marker: string; opener: string } | undefined;
	let paragraphCut: { at: number; lines: number } | undefined;
	let lineCut = { at: 0, lines: 0, opener: undefined as string | undefined };
	let previousBlank = false;
	let lines = 0;
	for (let start = 0; start <= limit; lines++) {
		const newline = text.indexOf("\n", start);
		const end = newline === -1 ? text.length : newline;
		const line = text.slice(start, end);
		if (start > 0) {
			if (!fence && previousBlank) paragraphCut = { at: start, lines };
			lineCut = { at: start, lines, opener: fence?.opener };
		}
		const marker = FENCE.exec(line)?.[1];
		if (marker && !fence) fence = { marker, opener: line };
		else if (
			marker &&
			fence &&
			marker[0] === fence.marker[0] &&
			marker.length >= fence.marker.length &&
			line.trim() === marker
		) {
			fence = undefined;
		}
		previousBlank = line.trim() === "";
		if (newline === -1) break;
		start = newline + 1;
	}
	// A paragraph boundary not too far back keeps the tail's rendering exact.
	if (paragraphCut && paragraphCut.at >= limit - 4 * minChars) {
		return { text: text.slice(paragraphCut.at), linesBefore: paragraphCut.lines };
	}
	if (lineCut.at === 0) return { text, linesBefore: 0 };
	const tail = text.slice(lineCut.at);
	return {
		text: lineCut.opener === undefined ? tail : `${lineCut.opener}\n${tail}`,
		linesBefore: lineCut.lines,
	};
}
